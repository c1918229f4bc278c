import request from 'supertest';
import { MessageEnvelope, TASK_EVENTS, ZONE_EVENTS } from '@zonewarden/contracts';
import { PropagationStateService } from '@zonewarden/domain';
import { teardown } from '@zonewarden/testing';
// The consumers' own contract functions, the ones their handlers call.
import { parseZoneCacheEvent } from '../../mini-dns/src/zone-cache-event.contract';
import { parseZoneEvent } from '../../pool-manager/src/zone-event.contract';
import { parseExportRequest } from '../../zone-worker/src/exports/export-request.contract';
import { parseImportRequest } from '../../zone-worker/src/imports/import-request.contract';
import { parseXfrRequest } from '../../zone-worker/src/transfers/xfr-request.contract';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';

const OWNER = as('project-contracts');
const ZONEFILE = `$ORIGIN imported.contracts.test.
$TTL 3600
@ IN SOA ns1.contracts.test. admin.contracts.test. 1 3600 600 86400 3600
@ IN NS ns1.zonewarden.test.
www IN A 192.0.2.1
`;

/** Every message pattern, and each consumer's reading of it (as bound in messagingTopology). */
const CONSUMERS: Record<string, Array<[string, (envelope: MessageEnvelope) => unknown]>> = {
  [ZONE_EVENTS.created]: [
    ['pool-manager', ({ data }) => parseZoneEvent(ZONE_EVENTS.created, data)],
    ['mini-dns', parseZoneCacheEvent],
  ],
  [ZONE_EVENTS.updated]: [
    ['pool-manager', ({ data }) => parseZoneEvent(ZONE_EVENTS.updated, data)],
    ['mini-dns', parseZoneCacheEvent],
  ],
  [ZONE_EVENTS.deleted]: [
    ['pool-manager', ({ data }) => parseZoneEvent(ZONE_EVENTS.deleted, data)],
    ['mini-dns', parseZoneCacheEvent],
  ],
  [ZONE_EVENTS.purged]: [['mini-dns', parseZoneCacheEvent]],
  [TASK_EVENTS.importRequested]: [['zone-worker', ({ data }) => parseImportRequest(data)]],
  [TASK_EVENTS.exportRequested]: [['zone-worker', ({ data }) => parseExportRequest(data)]],
  [TASK_EVENTS.xfrRequested]: [['zone-worker', ({ data }) => parseXfrRequest(data)]],
};

/**
 * Each message as the real code writes it to the outbox (API actions through the gateway, and
 * pool-manager's purge), read back and parsed by every consumer's contract function: a producer change
 * that breaks a consumer fails here.
 */
describe('message contracts: what producers write, consumers accept', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => teardown(() => gw?.close()));

  const api = () => request(gw.url);

  it('holds for all seven patterns', async () => {
    const zone = await api()
      .post('/v2/zones')
      .set(OWNER)
      .send({ name: 'contracts.test.', email: 'admin@contracts.test' })
      .expect(201);
    const zoneId = zone.body.id as string;
    await api().patch(`/v2/zones/${zoneId}`).set(OWNER).send({ ttl: 600 }).expect(200);
    await api().post(`/v2/zones/${zoneId}/tasks/export`).set(OWNER).expect(202);
    await api()
      .post('/v2/zones/tasks/imports')
      .set({ ...OWNER, 'Content-Type': 'text/dns' })
      .send(ZONEFILE)
      .expect(201);
    const secondary = await api()
      .post('/v2/zones')
      .set(OWNER)
      .send({ name: 'secondary.contracts.test.', type: 'SECONDARY', masters: ['192.0.2.53'] })
      .expect(201);
    await api().post(`/v2/zones/${secondary.body.id}/tasks/xfr`).set(OWNER).expect(202);
    await api().delete(`/v2/zones/${zoneId}`).set(OWNER).expect(202);
    // pool-manager's purge, once the zone left every target.
    expect(await gw.app.get(PropagationStateService).purge(zoneId)).toBe(true);

    const { rows } = await gw.prisma.pg.query<{ pattern: string; payload: unknown }>(
      'SELECT pattern, payload FROM outbox_messages ORDER BY created_at, id',
    );
    expect([...new Set(rows.map((row) => row.pattern))].sort()).toEqual(Object.keys(CONSUMERS).sort());
    const refused: string[] = [];
    for (const { pattern, payload } of rows)
      for (const [consumer, parse] of CONSUMERS[pattern]) {
        try {
          parse({ pattern, data: payload });
        } catch (error) {
          refused.push(`${consumer} refuses ${pattern}: ${(error as Error).message}`);
        }
      }
    expect(refused).toEqual([]);
  });
});
