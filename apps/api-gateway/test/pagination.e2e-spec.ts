import request from 'supertest';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';
import { keysetOrder } from './support/keyset-order';

const PROJECT = as('project-pages');
const ZONE_COUNT = 250;
/** Zones of another project shared with PROJECT: listed with its own, paged apart and merged. */
const SHARED_COUNT = 3;
const SHARER = as('project-sharer');
const SORT_KEYS = ['created_at', 'id', 'updated_at', 'name', 'tenant_id', 'serial', 'ttl', 'status'];

interface ZoneRow {
  id: string;
  name: string;
  ttl: number;
  serial: number;
  status: string;
  created_at: string;
  updated_at: string | null;
  project_id: string;
}

async function walk(
  gw: GatewayHarness,
  query: string,
  onPage?: (page: number) => Promise<void>,
  totalCount?: number,
): Promise<ZoneRow[]> {
  const seen: ZoneRow[] = [];
  let url: string | undefined = `${gw.url}/v2/zones?limit=7&${query}`;
  for (let page = 0; url; page++) {
    const res = await fetch(url, { headers: PROJECT });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      zones: ZoneRow[];
      links: { next?: string };
      metadata: { total_count: number };
    };
    expect(body.zones.length).toBeLessThanOrEqual(7);
    if (totalCount !== undefined) expect(body.metadata.total_count).toBe(totalCount);
    seen.push(...body.zones);
    url = body.links.next;
    await onPage?.(page);
  }
  return seen;
}

/** The expected order: by the sort value (nulls first), then by id, in the given direction. */
function expectedOrder(rows: ZoneRow[], key: string, dir: 'asc' | 'desc'): string[] {
  const value = (row: ZoneRow): string | number => {
    const field = key === 'tenant_id' ? 'project_id' : key;
    const v = row[field as keyof ZoneRow];
    return v === null ? '' : (v as string | number);
  };
  return keysetOrder(rows, value, dir);
}

describe('keyset pagination', () => {
  let gw: GatewayHarness;
  let all: ZoneRow[];

  beforeAll(async () => {
    gw = await startGateway();
    for (let i = 0; i < ZONE_COUNT; i += 25) {
      await Promise.all(
        Array.from({ length: 25 }, (_, j) =>
          request(gw.url)
            .post('/v2/zones')
            .set(PROJECT)
            .send({
              name: `z${String(((i + j) * 7919) % 1000).padStart(3, '0')}-${i + j}.pages.test.`,
              email: 'a@pages.test',
              ttl: ((i + j) % 5) * 100,
            }),
        ),
      );
    }
    for (let i = 0; i < SHARED_COUNT; i++) {
      const zone = await request(gw.url)
        .post('/v2/zones')
        .set(SHARER)
        .send({ name: `z${i}00-shared.pages.test.`, email: 'a@pages.test', ttl: i * 100 });
      const share = await request(gw.url)
        .post(`/v2/zones/${zone.body.id}/shares`)
        .set(SHARER)
        .send({ target_project_id: 'project-pages' });
      expect(share.status).toBe(201);
    }
    // Some zones updated, some deleting: varied updated_at, serial and status values.
    const listed = (await request(gw.url).get('/v2/zones?limit=max').set(PROJECT)).body.zones as ZoneRow[];
    for (const zone of listed.slice(0, 40))
      await request(gw.url).patch(`/v2/zones/${zone.id}`).set(PROJECT).send({ ttl: 1 });
    for (const zone of listed.slice(40, 50))
      await request(gw.url).delete(`/v2/zones/${zone.id}`).set(PROJECT);
    all = (await request(gw.url).get('/v2/zones?limit=max').set(PROJECT)).body.zones;
    expect(all).toHaveLength(ZONE_COUNT + SHARED_COUNT);
  });
  afterAll(() => gw?.close());

  const combinations = SORT_KEYS.flatMap((key) =>
    (['asc', 'desc'] as const).map((dir) => [key, dir] as const),
  );

  it.each(combinations)(
    'sort_key=%s sort_dir=%s: every zone exactly once, in order, each page with the total count',
    async (key, dir) => {
      const seen = await walk(gw, `sort_key=${key}&sort_dir=${dir}`, undefined, ZONE_COUNT + SHARED_COUNT);
      expect(seen.map((z) => z.id)).toEqual(expectedOrder(all, key, dir));
      expect(new Set(seen.map((z) => z.id)).size).toBe(ZONE_COUNT + SHARED_COUNT);
    },
  );

  it('counts a filtered list, the same on every page', async () => {
    const expected = all.filter((zone) => zone.ttl === 100);
    const seen = await walk(gw, 'ttl=100&sort_key=name', undefined, expected.length);
    expect(seen.map((z) => z.id)).toEqual(expectedOrder(expected, 'name', 'asc'));
  });

  it('concurrent inserts during a walk neither duplicate nor skip the zones that existed before', async () => {
    const before = new Set(all.map((z) => z.id));
    let inserted = 0;
    const seen = await walk(gw, 'sort_key=name&sort_dir=asc', async (page) => {
      // Insert zones that sort before and after the walk's position.
      await request(gw.url)
        .post('/v2/zones')
        .set(PROJECT)
        .send({ name: `a-new-${page}.pages.test.`, email: 'a@pages.test' });
      await request(gw.url)
        .post('/v2/zones')
        .set(PROJECT)
        .send({ name: `zzz-new-${page}.pages.test.`, email: 'a@pages.test' });
      inserted += 2;
    });
    const ids = seen.map((z) => z.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => before.has(id))).toHaveLength(before.size);
    const names = seen.map((z) => z.name);
    expect(names).toEqual([...names].sort());
    expect(inserted).toBeGreaterThan(30);
  });
});
