import request from 'supertest';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';
import { keysetOrder } from './support/keyset-order';

const OWNER = as('rs-pages');
/** A project OWNER shares its first zone with, which creates record sets there. */
const SHAREE = as('rs-pages-sharee');
/** A project that shares a zone with OWNER. */
const SHARER = as('rs-pages-sharer');
const ADMIN = as('rs-pages-admin', 'admin');
const SORT_KEYS = ['created_at', 'id', 'updated_at', 'zone_id', 'tenant_id', 'name', 'type', 'ttl'];
const TYPES = ['A', 'TXT', 'AAAA'];

interface RecordSetRow {
  id: string;
  zone_id: string;
  project_id: string;
  name: string;
  type: string;
  ttl: number | null;
  created_at: string;
  updated_at: string | null;
  action: string;
}

interface Listing {
  recordsets: RecordSetRow[];
  links: { next?: string };
  metadata?: { total_count: number };
}

function recordsFor(type: string, i: number): string[] {
  if (type === 'A') return [`192.0.2.${i % 250}`];
  if (type === 'AAAA') return [`2001:db8::${i}`];
  return [`"r${i}"`];
}

/** The expected order: by the sort value (a null TTL as -1, a null updated_at first), then by id. */
function expectedOrder(rows: RecordSetRow[], key: string, dir: 'asc' | 'desc'): string[] {
  const value = (row: RecordSetRow): string | number => {
    if (key === 'ttl') return row.ttl ?? -1;
    if (key === 'updated_at') return row.updated_at ?? '';
    return row[(key === 'tenant_id' ? 'project_id' : key) as keyof RecordSetRow] as string;
  };
  return keysetOrder(rows, value, dir);
}

describe('record set pagination', () => {
  let gw: GatewayHarness;
  let ownZones: string[];
  let sharedZone: string;

  async function walk(
    path: string,
    headers: Record<string, string>,
    totalCount?: number,
  ): Promise<RecordSetRow[]> {
    const seen: RecordSetRow[] = [];
    let url: string | undefined = `${gw.url}${path}${path.includes('?') ? '&' : '?'}limit=7`;
    while (url) {
      const res = await fetch(url, { headers });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Listing;
      expect(body.recordsets.length).toBeLessThanOrEqual(7);
      if (totalCount !== undefined) expect(body.metadata?.total_count).toBe(totalCount);
      seen.push(...body.recordsets);
      url = body.links.next;
    }
    return seen;
  }

  const everything = async (path: string, headers: Record<string, string>) =>
    (
      await request(gw.url)
        .get(`${path}${path.includes('?') ? '&' : '?'}limit=max`)
        .set(headers)
    ).body as Listing;

  async function createSets(zoneId: string, headers: Record<string, string>, prefix: string, n: number) {
    // In batches: record sets created at once share their created_at now and then (ties broken by id).
    for (let i = 0; i < n; i += 4) {
      await Promise.all(
        Array.from({ length: Math.min(4, n - i) }, async (_, j) => {
          const k = i + j;
          const type = TYPES[k % TYPES.length];
          const zone = (await request(gw.url).get(`/v2/zones/${zoneId}`).set(headers)).body.name as string;
          const res = await request(gw.url)
            .post(`/v2/zones/${zoneId}/recordsets`)
            .set(headers)
            .send({
              name: `${prefix}${(k * 7) % 13}.${zone}`,
              type,
              records: recordsFor(type, k),
              ...(k % 5 === 0 ? {} : { ttl: (k % 3) * 300 }),
            });
          expect(res.status).toBe(201);
        }),
      );
    }
  }

  beforeAll(async () => {
    gw = await startGateway();
    ownZones = [];
    for (const name of ['a.rspages.test.', 'b.rspages.test.']) {
      const zone = await request(gw.url).post('/v2/zones').set(OWNER).send({ name, email: 'h@rspages.test' });
      expect(zone.status).toBe(201);
      ownZones.push(zone.body.id);
    }
    const theirs = await request(gw.url)
      .post('/v2/zones')
      .set(SHARER)
      .send({ name: 'c.rspages.test.', email: 'h@rspages.test' });
    sharedZone = theirs.body.id;
    const shares = [
      [ownZones[0], OWNER, 'rs-pages-sharee'],
      [sharedZone, SHARER, 'rs-pages'],
    ] as const;
    for (const [zoneId, headers, target] of shares)
      expect(
        (
          await request(gw.url)
            .post(`/v2/zones/${zoneId}/shares`)
            .set(headers)
            .send({ target_project_id: target })
        ).status,
      ).toBe(201);
    await createSets(ownZones[0], OWNER, 'w', 30);
    await createSets(ownZones[0], SHAREE, 'x', 8);
    await createSets(ownZones[1], OWNER, 'y', 12);
    await createSets(sharedZone, SHARER, 'v', 6);
    await createSets(sharedZone, OWNER, 'u', 6);
    // Some updated (updated_at), one being deleted (still listed, counted).
    const listed = (await everything(`/v2/zones/${ownZones[0]}/recordsets`, OWNER)).recordsets.filter(
      (r) => !['SOA', 'NS'].includes(r.type),
    );
    for (const row of listed.slice(0, 6))
      expect(
        (
          await request(gw.url)
            .put(`/v2/zones/${ownZones[0]}/recordsets/${row.id}`)
            .set(OWNER)
            .send({ ttl: 60 })
        ).status,
      ).toBe(200);
    expect(
      (await request(gw.url).delete(`/v2/zones/${ownZones[0]}/recordsets/${listed[6].id}`).set(OWNER)).status,
    ).toBe(202);
  });
  afterAll(() => gw?.close());

  const combinations = SORT_KEYS.flatMap((key) =>
    (['asc', 'desc'] as const).map((dir) => [key, dir] as const),
  );

  it.each(combinations)(
    "a zone's record sets, sort_key=%s sort_dir=%s: each once, in order, every page with the zone's count",
    async (key, dir) => {
      const all = (await everything(`/v2/zones/${ownZones[0]}/recordsets`, OWNER)).recordsets;
      expect(all.some((r) => r.action === 'DELETE')).toBe(true);
      expect(new Set(all.map((r) => r.project_id))).toEqual(new Set(['rs-pages', 'rs-pages-sharee']));
      const seen = await walk(
        `/v2/zones/${ownZones[0]}/recordsets?sort_key=${key}&sort_dir=${dir}`,
        OWNER,
        all.length,
      );
      expect(seen.map((r) => r.id)).toEqual(expectedOrder(all, key, dir));
    },
  );

  it.each(combinations)(
    "the project's record sets, sort_key=%s sort_dir=%s: own zones, sharees' sets in them, zones shared with it",
    async (key, dir) => {
      const all = (await everything('/v2/recordsets', OWNER)).recordsets;
      expect(new Set(all.map((r) => r.zone_id))).toEqual(new Set([...ownZones, sharedZone]));
      const seen = await walk(`/v2/recordsets?sort_key=${key}&sort_dir=${dir}`, OWNER, all.length);
      expect(seen.map((r) => r.id)).toEqual(expectedOrder(all, key, dir));
    },
  );

  it.each(combinations)('all projects, sort_key=%s sort_dir=%s', async (key, dir) => {
    const headers = { ...ADMIN, 'X-Auth-All-Projects': 'true' };
    const all = (await everything('/v2/recordsets', headers)).recordsets;
    const [{ n }] = (await gw.prisma.pg.query<{ n: number }>('SELECT count(*)::int AS n FROM recordsets'))
      .rows;
    expect(all).toHaveLength(n);
    const seen = await walk(`/v2/recordsets?sort_key=${key}&sort_dir=${dir}`, headers, n);
    expect(seen.map((r) => r.id)).toEqual(expectedOrder(all, key, dir));
  });

  it('sees only what each project may: the sharee its own zones and the zone shared with it', async () => {
    const sharee = (await everything('/v2/recordsets', SHAREE)).recordsets;
    expect(new Set(sharee.map((r) => r.zone_id))).toEqual(new Set([ownZones[0]]));
    const sharer = (await everything('/v2/recordsets', SHARER)).recordsets;
    expect(new Set(sharer.map((r) => r.zone_id))).toEqual(new Set([sharedZone]));
    expect(sharer.some((r) => r.project_id === 'rs-pages')).toBe(true);
  });

  it('counts a zone from its counter as the content changes, and filtered lists by counting', async () => {
    const path = `/v2/zones/${ownZones[1]}/recordsets`;
    const before = await everything(path, OWNER);
    expect(before.metadata?.total_count).toBe(before.recordsets.length);
    const victim = before.recordsets.find((r) => r.type === 'A')!;
    expect((await request(gw.url).delete(`${path}/${victim.id}`).set(OWNER)).status).toBe(202);
    const during = await everything(path, OWNER);
    expect(during.metadata?.total_count).toBe(before.recordsets.length);
    // Once propagated the row goes (as pool-manager removes it): one fewer.
    await gw.prisma.pg.query('DELETE FROM recordsets WHERE id = $1', [victim.id]);
    expect((await everything(path, OWNER)).metadata?.total_count).toBe(before.recordsets.length - 1);
    const txt = await everything(`${path}?type=TXT`, OWNER);
    expect(txt.metadata?.total_count).toBe(txt.recordsets.length);
    expect(txt.recordsets.length).toBeGreaterThan(0);
    // A zone the caller does not see: not found, no count of it.
    expect((await request(gw.url).get(path).set(SHARER)).status).toBe(404);
  });

  it('leaves total_count out with OpenStack-DNS-Hide-Counts: true', async () => {
    for (const path of [`/v2/zones/${ownZones[0]}/recordsets?limit=3`, '/v2/recordsets?limit=3']) {
      const hidden = await request(gw.url).get(path).set(OWNER).set('OpenStack-DNS-Hide-Counts', 'true');
      expect(hidden.status).toBe(200);
      expect(hidden.body.metadata).toBeUndefined();
      expect(hidden.body.recordsets).toHaveLength(3);
      expect(hidden.body.links.next).toBeDefined();
    }
  });
});
