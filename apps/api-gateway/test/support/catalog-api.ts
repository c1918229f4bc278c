import request from 'supertest';
import { as } from '@zonewarden/testing';
import { GatewayHarness } from './gateway-harness';
import { HostileCase, PROTOTYPE_NAMES, expectHostileAnswer } from './hostile-input';
import { TIMESTAMP, UUID } from './zone-shape';

export const ADMIN = as('project-admin', 'admin');
export const MEMBER = as('project-member');
export const READER = as('project-reader', 'reader');

/** A zone created through the API, where the catalogs' rules apply. */
export const createZoneAt = (url: string, name: string, headers: Record<string, string>) =>
  request(url).post('/v2/zones').set(headers).send({ name, email: 'hostmaster@example.com' });

/** One of Designate's admin catalogs (TLDs, blacklists) and three distinct values of its field. */
export interface CatalogUnderTest {
  collection: 'tlds' | 'blacklists';
  field: 'name' | 'pattern';
  /** `tld_not_found`, `duplicate_tld`, "Could not find Tld". */
  notFound: { type: string; message: string };
  duplicate: string;
  values: [string, string, string];
}

/**
 * The CRUD every catalog answers with Designate 15's codes and bodies: POST 201 with Location,
 * GET 200, PATCH 200, DELETE 204, 404/409 types, keyset pages and the filter on its field, and the
 * admin-only policy. Called inside the catalog's own describe().
 */
export function itServesTheCatalog(gateway: () => GatewayHarness, catalog: CatalogUnderTest): void {
  const url = () => gateway().url;
  const path = `/v2/${catalog.collection}`;
  const create = (value: string, description?: string | null, headers = ADMIN) =>
    request(url())
      .post(path)
      .set(headers)
      .send({ [catalog.field]: value, ...(description === undefined ? {} : { description }) });
  const keys = ['created_at', 'description', catalog.field, 'id', 'links', 'updated_at'].sort();
  const [first, second, third] = catalog.values;

  it('creates (201, Location), shows (200), updates (200) and deletes (204) an entry', async () => {
    const created = await create(first, 'first entry');
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(keys);
    expect(created.body).toMatchObject({
      [catalog.field]: first,
      description: 'first entry',
      updated_at: null,
    });
    expect(created.body.id).toMatch(UUID);
    expect(created.body.created_at).toMatch(TIMESTAMP);
    expect(created.headers.location).toBe(created.body.links.self);
    expect(created.body.links.self).toBe(`${url()}${path}/${created.body.id}`);

    const shown = await request(url()).get(`${path}/${created.body.id}`).set(ADMIN);
    expect([shown.status, shown.body]).toEqual([200, created.body]);

    const patched = await request(url())
      .patch(`${path}/${created.body.id}`)
      .set(ADMIN)
      .send({ [catalog.field]: second, description: null });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: created.body.id, [catalog.field]: second, description: null });
    expect(patched.body.updated_at).toMatch(TIMESTAMP);

    const deleted = await request(url()).delete(`${path}/${created.body.id}`).set(ADMIN);
    expect([deleted.status, deleted.text]).toEqual([204, '']);
    for (const method of ['get', 'patch', 'delete'] as const) {
      const gone = await request(url())[method](`${path}/${created.body.id}`).set(ADMIN).send({});
      expect([gone.status, gone.body.type, gone.body.message]).toEqual([
        404,
        catalog.notFound.type,
        catalog.notFound.message,
      ]);
    }
  });

  it('refuses a duplicate value with 409, on create and on update', async () => {
    const one = (await create(first)).body;
    const other = (await create(third)).body;
    const again = await create(first);
    expect([again.status, again.body.type]).toEqual([409, catalog.duplicate]);
    const renamed = await request(url())
      .patch(`${path}/${other.id}`)
      .set(ADMIN)
      .send({ [catalog.field]: first });
    expect([renamed.status, renamed.body.type]).toEqual([409, catalog.duplicate]);
    for (const id of [one.id, other.id]) await request(url()).delete(`${path}/${id}`).set(ADMIN);
  });

  it('lists with links and metadata, filters its field (with *), and pages by marker', async () => {
    const ids: string[] = [];
    for (const value of catalog.values) ids.push((await create(value)).body.id);
    const all = await request(url()).get(path).set(ADMIN);
    expect(all.status).toBe(200);
    expect(Object.keys(all.body)).toEqual([catalog.collection, 'links', 'metadata']);
    expect(all.body.metadata).toEqual({ total_count: 3 });
    expect(all.body.links).toEqual({ self: `${url()}${path}` });

    const exact = await request(url())
      .get(path)
      .query({ [catalog.field]: second })
      .set(ADMIN);
    expect(exact.body[catalog.collection].map((e: { id: string }) => e.id)).toEqual([ids[1]]);
    const wildcard = await request(url())
      .get(path)
      .query({ [catalog.field]: `${second.slice(0, 2)}*` })
      .set(ADMIN);
    expect(wildcard.body[catalog.collection].map((e: { id: string }) => e.id)).toContain(ids[1]);

    const seen: string[] = [];
    let next: string | undefined = `${url()}${path}?limit=1&sort_key=${catalog.field}`;
    while (next) {
      const page = await request(next).get('').set(ADMIN);
      expect(page.status).toBe(200);
      seen.push(...page.body[catalog.collection].map((e: { id: string }) => e.id));
      next = page.body.links.next;
    }
    expect(seen.sort()).toEqual([...ids].sort());

    const badMarker = await request(url()).get(path).query({ marker: 'foo' }).set(ADMIN);
    expect([badMarker.status, badMarker.body.type]).toEqual([400, 'invalid_marker']);
    const unknownMarker = await request(url())
      .get(path)
      .query({ marker: '00000000-0000-4000-8000-000000000000' })
      .set(ADMIN);
    expect([unknownMarker.status, unknownMarker.body.type]).toEqual([400, 'marker_not_found']);
    const badSort = await request(url()).get(path).query({ sort_key: 'zone_id' }).set(ADMIN);
    expect([badSort.status, badSort.body.type]).toEqual([400, 'invalid_sort_key']);
    const unknownFilter = await request(url()).get(path).query({ status: 'ACTIVE' }).set(ADMIN);
    expect([unknownFilter.status, unknownFilter.body.type]).toEqual([400, 'bad_request']);
    for (const id of ids) await request(url()).delete(`${path}/${id}`).set(ADMIN);
  });

  it('is an admin resource: members and readers get 403 for every action', async () => {
    const entry = (await create(first)).body;
    for (const headers of [MEMBER, READER]) {
      const answers = [
        await request(url()).get(path).set(headers),
        await request(url()).get(`${path}/${entry.id}`).set(headers),
        await create(third, null, headers),
        await request(url()).patch(`${path}/${entry.id}`).set(headers).send({ description: 'x' }),
        await request(url()).delete(`${path}/${entry.id}`).set(headers),
      ];
      expect(answers.map((res) => [res.status, res.body.type])).toEqual(
        Array.from({ length: 5 }, () => [403, 'forbidden']),
      );
    }
    await request(url()).delete(`${path}/${entry.id}`).set(ADMIN);
  });

  it('answers bad ids, bodies and paths with 4xx (never 5xx)', async () => {
    const cases: [request.Test, number, string][] = [
      [request(url()).get(`${path}/foo`).set(ADMIN), 400, 'invalid_uuid'],
      [request(url()).patch(`${path}/foo`).set(ADMIN).send({}), 400, 'invalid_uuid'],
      [request(url()).delete(`${path}/foo`).set(ADMIN), 400, 'invalid_uuid'],
      [request(url()).post(path).set(ADMIN).send({}), 400, 'invalid_object'],
      [request(url()).post(path).set(ADMIN).send([first]), 400, 'invalid_object'],
      [
        request(url())
          .post(path)
          .set(ADMIN)
          .send({ [catalog.field]: 42 }),
        400,
        'invalid_object',
      ],
      [
        request(url())
          .post(path)
          .set(ADMIN)
          .send({ [catalog.field]: 'x'.repeat(256) }),
        400,
        'invalid_object',
      ],
      [
        request(url())
          .post(path)
          .set(ADMIN)
          .send({ [catalog.field]: first, description: 'd'.repeat(161) }),
        400,
        'invalid_object',
      ],
      [
        request(url())
          .post(path)
          .set(ADMIN)
          .send({ [catalog.field]: first, id: 'x' }),
        400,
        'invalid_object',
      ],
      [
        request(url())
          .post(path)
          .set(ADMIN)
          .set('Content-Type', 'application/json')
          .send(`{"${catalog.field}":`),
        400,
        'invalid_json',
      ],
      [
        request(url())
          .post(path)
          .set(ADMIN)
          .set('Content-Type', 'application/json')
          .send(`{"__proto__":{"a":1}}`),
        400,
        'invalid_object',
      ],
      [request(url()).get(`${path}.json`).set(ADMIN), 404, 'not_found'],
      [request(url()).put(path).set(ADMIN).send({}), 405, 'method_not_allowed'],
      [request(url()).get(path).query({ limit: '0' }).set(ADMIN), 400, 'invalid_limit'],
    ];
    for (const [sent, status, type] of cases) {
      const res = await sent;
      expect([res.status, res.body.type]).toEqual([status, type]);
    }
  });

  it('answers hostile values with a bounded 4xx (a long filter: 200): a megabyte, NUL, prototype names', async () => {
    const huge = 'x'.repeat(1_000_000);
    const json = 'application/json';
    const cases: HostileCase[] = [
      {
        name: 'a 1 MB value',
        method: 'post',
        path,
        raw: JSON.stringify({ [catalog.field]: huge }),
        contentType: json,
        status: 400,
        type: 'invalid_object',
        longValue: huge,
      },
      {
        name: 'a 7,000-character filter',
        method: 'get',
        path: `${path}?${catalog.field}=${huge.slice(0, 7000)}`,
        status: 200,
      },
      {
        name: 'NUL in the value',
        method: 'post',
        path,
        raw: `{"${catalog.field}": "a\\u0000b"}`,
        contentType: json,
        status: 400,
        type: 'invalid_object',
      },
      {
        name: 'NUL in the filter',
        method: 'get',
        path: `${path}?${catalog.field}=a%00b`,
        status: 400,
        type: 'bad_request',
      },
      ...PROTOTYPE_NAMES.flatMap((name): HostileCase[] => [
        {
          name: `${name} as a filter`,
          method: 'get',
          path: `${path}?${name}=x`,
          status: 400,
          type: 'bad_request',
        },
        {
          name: `${name} as a sort key`,
          method: 'get',
          path: `${path}?sort_key=${name}`,
          status: 400,
          type: 'invalid_sort_key',
        },
        {
          name: `${name} as a key`,
          method: 'post',
          path,
          raw: `${JSON.stringify({ [catalog.field]: first }).slice(0, -1)}, "${name}": 1}`,
          contentType: json,
          status: 400,
          type: 'invalid_object',
        },
      ]),
    ];
    for (const c of cases) await expectHostileAnswer(url(), c, ADMIN, {});
  });
}
