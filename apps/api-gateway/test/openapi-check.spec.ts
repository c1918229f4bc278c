import { Exchange, OpenApiCheck } from './support/openapi-check';

const ZONE_ID = '1d7e3a58-2f0c-4d0e-9b59-4c3a1d1f7a21';
const BASE = 'http://127.0.0.1:8080';
const zone = {
  id: ZONE_ID,
  pool_id: '794ccc2c-d751-44fe-b57f-8894c9f5c842',
  project_id: 'project-one',
  name: 'example.com.',
  email: 'hostmaster@example.com',
  description: null,
  ttl: 3600,
  serial: 1767323045,
  status: 'ACTIVE',
  action: 'CREATE',
  version: 1,
  attributes: {},
  type: 'PRIMARY',
  masters: [],
  shared: false,
  created_at: '2026-01-02T03:04:05.678000',
  updated_at: null,
  transferred_at: null,
  links: { self: `${BASE}/v2/zones/${ZONE_ID}` },
};
const error = (code: number, type: string) => ({
  code,
  type,
  message: 'm',
  request_id: `req-${ZONE_ID}`,
});

const json = (method: string, url: string, status: number, body: unknown): Exchange => ({
  method,
  url,
  status,
  contentType: 'application/json; charset=utf-8',
  body: Buffer.from(JSON.stringify(body)),
});

/** The checker the e2e suites run on every answer: it must pass what the document says and refuse the rest. */
describe('OpenApiCheck (openapi.json against answers)', () => {
  const check = OpenApiCheck.fromFile();

  it('passes documented answers: a zone, its collection, an error, both success codes of a create', () => {
    expect(check.check(json('GET', `/v2/zones/${ZONE_ID}`, 200, zone))).toBeNull();
    expect(check.check(json('POST', '/v2/zones', 201, zone))).toBeNull();
    expect(check.check(json('POST', '/v2/zones', 202, zone))).toBeNull();
    const page = { zones: [zone], links: { self: `${BASE}/v2/zones?limit=1` }, metadata: { total_count: 1 } };
    expect(check.check(json('GET', '/v2/zones?limit=1', 200, page))).toBeNull();
    expect(check.check(json('GET', `/v2/zones/${ZONE_ID}`, 404, error(404, 'zone_not_found')))).toBeNull();
    expect(
      check.check({
        method: 'DELETE',
        url: `/v2/zones/tasks/imports/${ZONE_ID}`,
        status: 204,
        contentType: undefined,
        body: Buffer.alloc(0),
      }),
    ).toBeNull();
  });

  it('refuses a wrong type, an undocumented field, a missing field, naming the operation', () => {
    expect(check.check(json('GET', `/v2/zones/${ZONE_ID}`, 200, { ...zone, ttl: '3600' }))).toMatch(
      /Zones_get .*body\/ttl must be integer/,
    );
    expect(check.check(json('GET', `/v2/zones/${ZONE_ID}`, 200, { ...zone, extra: 1 }))).toMatch(
      /must NOT have additional properties/,
    );
    const { serial: _serial, ...noSerial } = zone;
    expect(check.check(json('GET', `/v2/zones/${ZONE_ID}`, 200, noSerial))).toMatch(
      /must have required property 'serial'/,
    );
    expect(check.check(json('GET', `/v2/zones/${ZONE_ID}`, 404, { code: 404, message: 'm' }))).toMatch(
      /required property 'type'/,
    );
  });

  it('refuses an undocumented status, content type or body', () => {
    expect(check.check(json('GET', `/v2/zones/${ZONE_ID}`, 418, error(418, 'teapot')))).toMatch(
      /status 418 is not documented/,
    );
    const exportUrl = `/v2/zones/tasks/exports/${ZONE_ID}/export`;
    expect(check.check(json('GET', exportUrl, 200, {}))).toMatch(
      /content type application\/json is not documented/,
    );
    expect(
      check.check({
        method: 'GET',
        url: exportUrl,
        status: 200,
        contentType: 'text/dns',
        body: Buffer.from('$ORIGIN a.\n'),
      }),
    ).toBeNull();
    expect(
      check.check({
        method: 'DELETE',
        url: `/v2/zones/tasks/imports/${ZONE_ID}`,
        status: 204,
        contentType: 'text/plain',
        body: Buffer.from('x'),
      }),
    ).toMatch(/a body where the document describes none/);
  });

  it('holds a request no operation describes to an error answer with the error body', () => {
    expect(check.check(json('GET', '/v2/nothing-here', 404, error(404, 'not_found')))).toBeNull();
    expect(check.check(json('PUT', '/v2/zones', 405, error(405, 'method_not_allowed')))).toBeNull();
    expect(check.check(json('GET', '/v2/nothing-here', 200, {}))).toMatch(
      /undocumented operation answered 200/,
    );
    expect(check.check(json('GET', '/v2/nothing-here', 404, { message: 'not found' }))).toMatch(
      /no operation in openapi.json: the body does not match/,
    );
  });

  it('reads the legacy interface with its own shapes: a bare array, text/html on delete, Access Denied', () => {
    const server = {
      id: ZONE_ID,
      name: 'ns1.example.org.',
      created_at: '2026-01-02T03:04:05Z',
      updated_at: null,
    };
    expect(check.check(json('GET', `/domains/${ZONE_ID}/servers`, 200, [server]))).toBeNull();
    expect(
      check.check({
        method: 'DELETE',
        url: `/v1/domains/${ZONE_ID}`,
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: Buffer.alloc(0),
      }),
    ).toBeNull();
    expect(
      check.check({
        method: 'GET',
        url: '/domains',
        status: 401,
        contentType: 'text/plain; charset=utf-8',
        body: Buffer.from('Access Denied'),
      }),
    ).toBeNull();
    expect(
      check.check(json('GET', '/domains/x', 404, { ...error(404, 'domain_not_found'), errors: [] })),
    ).toBeNull();
  });
});
