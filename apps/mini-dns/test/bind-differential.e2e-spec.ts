import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  AllInOne,
  BindPrimary,
  REPO_ROOT,
  TestDatabase,
  createTestDatabase,
  freePort,
  startAllInOne,
  startBindPrimary,
  ALL_IN_ONE_POOL_SIZE,
  teardown,
} from '@zonewarden/testing';
import { acceptedBy } from './support/accepted-differences';
import { DnsClient } from './support/dns-client';
import { differenceReport } from './support/difference-report';
import { DifferentialResult, compareServers } from './support/differential-run';
import { planQueries } from './support/query-plan';
import { GeneratedZone, bindZonefile } from './support/zone-model';
import { generateZones } from './support/zone-generator';
import { readTransfer, transferDifferences } from './support/zone-transfer';
import { ZonewardenZones } from './support/zonewarden-zones';

/** Another seed explores other zones and queries: DIFFERENTIAL_SEED=… npx jest test/bind-differential. */
const SEED = Number(process.env.DIFFERENTIAL_SEED ?? 20261123);
const QUERIES = 10_000;
const SANITY_QUERIES = 500;
const IN_FLIGHT = 32;
const TIMEOUT_MS = 1000;
/** How many categories of difference the failure message shows an example of. */
const EXAMPLES = Number(process.env.DIFFERENTIAL_EXAMPLES ?? 15);

const ALL_IN_ONE = path.join(REPO_ROOT, 'apps/all-in-one/dist/main.js');

/** Fails with the report when anything differs; the accepted differences are counted in the message. */
function expectNoDifference(
  result: DifferentialResult,
  total: number,
  names: { ours: string; theirs: string },
) {
  if (!result.differences.length) return;
  const accepted = [...result.accepted].map(([id, count]) => `${id} ${count}`).join(', ') || 'none';
  throw new Error(
    `${differenceReport(result.differences, total, names, EXAMPLES)}\nAccepted differences: ${accepted}`,
  );
}

/** Both servers' AXFR of every zone: the problems of each, and the records only one of them sent. */
async function transferProblems(
  ours: DnsClient,
  theirs: DnsClient,
  zones: GeneratedZone[],
): Promise<string[]> {
  const problems: string[] = [];
  for (const zone of zones) {
    const [mine, oracle] = await Promise.all([ours.transfer(zone.name), theirs.transfer(zone.name)]);
    problems.push(
      ...transferDifferences(readTransfer(mine), readTransfer(oracle)).map(
        (problem) => `${zone.name} ${problem}`,
      ),
    );
  }
  return problems;
}

/**
 * Differential test with BIND 9 as the oracle: the same generated zones, imported into Zonewarden (served
 * by mini-dns) and loaded by a real `named` (with the service's SOA and apex NS), must give the same
 * answers to the same queries, up to the documented differences in support/accepted-differences.ts.
 */
describe('mini-dns answers as BIND 9 does', () => {
  const zones = generateZones(SEED);
  const bindFiles: Record<string, string> = {};
  let db: TestDatabase;
  let service: AllInOne;
  let bind: BindPrimary;
  let twin: BindPrimary | undefined;
  let miniDns: DnsClient;
  let oracle: DnsClient;

  beforeAll(async () => {
    if (!fs.existsSync(ALL_IN_ONE))
      throw new Error('build first: npx nx run @zonewarden/all-in-one:build --output-style=static');
    db = await createTestDatabase();
    service = await startAllInOne(db.url, {
      OPS_PORT: String(await freePort()),
      DATABASE_POOL_SIZE: ALL_IN_ONE_POOL_SIZE,
    });
    const api = new ZonewardenZones(service.api);
    const ids: string[] = [];
    // One at a time: a parent zone must exist before its child is imported.
    for (const zone of zones) ids.push(await api.import(zone));
    await Promise.all(ids.map((id) => api.served(id)));
    for (const [i, zone] of zones.entries())
      bindFiles[zone.name] = bindZonefile(zone, await api.serviceRecords(ids[i], zone.name));
    bind = await startBindPrimary(bindFiles);
    miniDns = new DnsClient(service.dnsPort, TIMEOUT_MS);
    oracle = new DnsClient(bind.port, TIMEOUT_MS);
  }, 90_000);

  afterAll(() =>
    teardown(
      () => miniDns?.close(),
      () => oracle?.close(),
      () => twin?.stop(),
      () => bind?.stop(),
      () => service?.process.stop(),
      () => db?.drop(),
    ),
  );

  it(`answers ${QUERIES} queries (UDP, EDNS, TCP; every type; odd names) as BIND does`, async () => {
    const queries = planQueries(zones, SEED, QUERIES);
    const result = await compareServers(miniDns, oracle, queries, IN_FLIGHT, acceptedBy);
    expectNoDifference(result, queries.length, { ours: 'mini-dns', theirs: 'BIND' });
  }, 90_000);

  it('transfers every zone (AXFR over TCP) as BIND does: the same records, the SOA first and last, no duplicates', async () => {
    expect(await transferProblems(miniDns, oracle, zones)).toEqual([]);
  }, 30_000);

  it('finds no difference between two BINDs on the same files (the comparison itself is sound)', async () => {
    twin = await startBindPrimary(bindFiles);
    const twinClient = new DnsClient(twin.port, TIMEOUT_MS);
    try {
      const queries = planQueries(zones, SEED + 1, SANITY_QUERIES);
      const result = await compareServers(twinClient, oracle, queries, IN_FLIGHT);
      expectNoDifference(result, queries.length, { ours: 'BIND (twin)', theirs: 'BIND' });
      expect(await transferProblems(twinClient, oracle, zones)).toEqual([]);
    } finally {
      twinClient.close();
    }
  }, 30_000);
});
