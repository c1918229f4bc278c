import request from 'supertest';
import { BadInputCase, expectBadInputAnswer } from './support/bad-input';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';

const P1 = as('project-bad');

const ZONE = '{zone}';
const valid = { name: 'valid.bad.test.', email: 'a@bad.test' };
const withName = (name: unknown) => ({ ...valid, name });
const withEmail = (email: unknown) => ({ ...valid, email });
const withTtl = (ttl: unknown) => ({ ...valid, ttl });

const CASES: BadInputCase[] = [
  // bodies: zone names
  {
    name: 'name without trailing dot',
    method: 'post',
    path: '/v2/zones',
    body: withName('example.com'),
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'single-label name',
    method: 'post',
    path: '/v2/zones',
    body: withName('com.'),
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'empty name',
    method: 'post',
    path: '/v2/zones',
    body: withName(''),
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'name of 1000 characters',
    method: 'post',
    path: '/v2/zones',
    body: withName(`${'a'.repeat(1000)}.com.`),
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'label over 63 characters',
    method: 'post',
    path: '/v2/zones',
    body: withName(`${'a'.repeat(64)}.com.`),
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'name of symbols',
    method: 'post',
    path: '/v2/zones',
    body: withName('!^%&^#%^!@#.com.'),
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'wildcard name',
    method: 'post',
    path: '/v2/zones',
    body: withName('*.example.com.'),
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'leading-dot name',
    method: 'post',
    path: '/v2/zones',
    body: withName('.a.com.'),
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'label ending in a hyphen',
    method: 'post',
    path: '/v2/zones',
    body: withName('a-.com.'),
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'numeric name',
    method: 'post',
    path: '/v2/zones',
    body: withName(123),
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'missing name',
    method: 'post',
    path: '/v2/zones',
    body: { email: 'a@bad.test' },
    status: 400,
    type: 'invalid_object',
  },
  // bodies: emails
  {
    name: 'missing email',
    method: 'post',
    path: '/v2/zones',
    body: { name: 'x.bad.test.' },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'email without @',
    method: 'post',
    path: '/v2/zones',
    body: withEmail('zahlabut#gmail.com'),
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'numeric-string email',
    method: 'post',
    path: '/v2/zones',
    body: withEmail('123456'),
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'email with two @',
    method: 'post',
    path: '/v2/zones',
    body: withEmail('a@b@c.com'),
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'null email',
    method: 'post',
    path: '/v2/zones',
    body: withEmail(null),
    status: 400,
    type: 'invalid_object',
  },
  // bodies: numbers and other fields
  {
    name: 'ttl as a string',
    method: 'post',
    path: '/v2/zones',
    body: withTtl('300'),
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'ttl as a float',
    method: 'post',
    path: '/v2/zones',
    body: withTtl(1.5),
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'ttl as a boolean',
    method: 'post',
    path: '/v2/zones',
    body: withTtl(true),
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'negative ttl',
    method: 'post',
    path: '/v2/zones',
    body: withTtl(-60000),
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'ttl beyond 32 bits',
    method: 'post',
    path: '/v2/zones',
    body: withTtl(2147483657),
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'description of 161 characters',
    method: 'post',
    path: '/v2/zones',
    body: { ...valid, description: 'x'.repeat(161) },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'SECONDARY type',
    method: 'post',
    path: '/v2/zones',
    body: { ...valid, type: 'SECONDARY' },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'masters on a primary zone',
    method: 'post',
    path: '/v2/zones',
    body: { ...valid, masters: ['192.0.2.1'] },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'attributes with a non-string value',
    method: 'post',
    path: '/v2/zones',
    body: { ...valid, attributes: { a: 1 } },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'read-only id on create',
    method: 'post',
    path: '/v2/zones',
    body: { ...valid, id: '00000000-0000-4000-8000-000000000000' },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'read-only created_at on create',
    method: 'post',
    path: '/v2/zones',
    body: { ...valid, created_at: '2020-01-01T00:00:00.000000' },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'wrapped body',
    method: 'post',
    path: '/v2/zones',
    body: { zone: valid },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'JSON array body',
    method: 'post',
    path: '/v2/zones',
    body: [valid],
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'JSON string body',
    method: 'post',
    path: '/v2/zones',
    raw: '"example.com."',
    contentType: 'application/json',
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'JSON null body',
    method: 'post',
    path: '/v2/zones',
    raw: 'null',
    contentType: 'application/json',
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'malformed JSON',
    method: 'post',
    path: '/v2/zones',
    raw: '{"name": ',
    contentType: 'application/json',
    status: 400,
    type: 'invalid_json',
  },
  {
    name: 'deeply nested JSON',
    method: 'post',
    path: '/v2/zones',
    raw: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    contentType: 'application/json',
    status: 400,
    type: 'invalid_json',
  },
  {
    name: 'empty POST body',
    method: 'post',
    path: '/v2/zones',
    raw: '',
    contentType: 'application/json',
    status: 400,
    type: 'empty_request_body',
  },
  {
    name: 'empty PATCH body',
    method: 'patch',
    path: `/v2/zones/${ZONE}`,
    raw: '',
    contentType: 'application/json',
    status: 400,
    type: 'empty_request_body',
  },
  {
    name: 'oversize body',
    method: 'post',
    path: '/v2/zones',
    raw: JSON.stringify({ ...valid, description: 'x'.repeat(2_000_000) }),
    contentType: 'application/json',
    status: 413,
    type: 'request_too_large',
  },
  // content types
  {
    name: 'text/plain body',
    method: 'post',
    path: '/v2/zones',
    raw: JSON.stringify(valid),
    contentType: 'text/plain',
    status: 415,
    type: 'unsupported_content_type',
  },
  {
    name: 'form body',
    method: 'post',
    path: '/v2/zones',
    raw: 'name=x',
    contentType: 'application/x-www-form-urlencoded',
    status: 415,
    type: 'unsupported_content_type',
  },
  {
    name: 'unsupported charset',
    method: 'post',
    path: '/v2/zones',
    raw: JSON.stringify(valid),
    contentType: 'application/json; charset=klingon',
    status: 415,
    type: 'unsupported_content_type',
  },
  {
    name: 'PATCH with text/dns',
    method: 'patch',
    path: `/v2/zones/${ZONE}`,
    raw: 'ttl 5',
    contentType: 'text/dns',
    status: 415,
    type: 'unsupported_content_type',
  },
  // PATCH bodies
  {
    name: 'PATCH ttl as a string',
    method: 'patch',
    path: `/v2/zones/${ZONE}`,
    body: { ttl: '1' },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'PATCH null email',
    method: 'patch',
    path: `/v2/zones/${ZONE}`,
    body: { email: null },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'PATCH rename',
    method: 'patch',
    path: `/v2/zones/${ZONE}`,
    body: { name: 'other.bad.test.' },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'PATCH status',
    method: 'patch',
    path: `/v2/zones/${ZONE}`,
    body: { status: 'ERROR' },
    status: 400,
    type: 'invalid_object',
  },
  // ids
  { name: 'GET a non-UUID id', method: 'get', path: '/v2/zones/zahlabut', status: 400, type: 'invalid_uuid' },
  {
    name: 'PATCH a non-UUID id',
    method: 'patch',
    path: '/v2/zones/1234',
    body: { ttl: 5 },
    status: 400,
    type: 'invalid_uuid',
  },
  {
    name: 'DELETE a non-UUID id',
    method: 'delete',
    path: '/v2/zones/not-a-uuid',
    status: 400,
    type: 'invalid_uuid',
  },
  {
    name: 'nameservers of a non-UUID id',
    method: 'get',
    path: '/v2/zones/x/nameservers',
    status: 400,
    type: 'invalid_uuid',
  },
  {
    name: 'abandon a non-UUID id',
    method: 'post',
    path: '/v2/zones/x/tasks/abandon',
    headers: as('project-bad', 'admin'),
    status: 400,
    type: 'invalid_uuid',
  },
  {
    name: 'invalid percent-escape in an id',
    method: 'get',
    path: '/v2/zones/%E0%A4%A',
    status: 400,
    type: 'bad_request',
  },
  {
    name: 'unknown zone',
    method: 'get',
    path: '/v2/zones/7d5e8f8e-0000-4000-8000-000000000000',
    status: 404,
    type: 'zone_not_found',
  },
  // queries
  { name: 'limit 0', method: 'get', path: '/v2/zones?limit=0', status: 400, type: 'invalid_limit' },
  { name: 'negative limit', method: 'get', path: '/v2/zones?limit=-1', status: 400, type: 'invalid_limit' },
  {
    name: 'non-numeric limit',
    method: 'get',
    path: '/v2/zones?limit=ten',
    status: 400,
    type: 'invalid_limit',
  },
  { name: 'float limit', method: 'get', path: '/v2/zones?limit=1.5', status: 400, type: 'invalid_limit' },
  {
    name: 'unknown sort key',
    method: 'get',
    path: '/v2/zones?sort_key=colour',
    status: 400,
    type: 'invalid_sort_key',
  },
  {
    name: 'bad sort dir',
    method: 'get',
    path: '/v2/zones?sort_dir=up',
    status: 400,
    type: 'invalid_sort_dir',
  },
  {
    name: 'malformed marker',
    method: 'get',
    path: '/v2/zones?marker=abc',
    status: 400,
    type: 'invalid_marker',
  },
  {
    name: 'unknown marker',
    method: 'get',
    path: '/v2/zones?marker=7d5e8f8e-0000-4000-8000-000000000000',
    status: 400,
    type: 'marker_not_found',
  },
  { name: 'unknown filter', method: 'get', path: '/v2/zones?colour=red', status: 400, type: 'bad_request' },
  {
    name: 'repeated filter',
    method: 'get',
    path: '/v2/zones?name=a.&name=b.',
    status: 400,
    type: 'bad_request',
  },
  {
    name: 'repeated limit',
    method: 'get',
    path: '/v2/zones?limit=1&limit=2',
    status: 400,
    type: 'bad_request',
  },
  {
    name: 'lower-case status filter',
    method: 'get',
    path: '/v2/zones?status=active',
    status: 400,
    type: 'bad_request',
  },
  {
    name: 'non-integer ttl filter',
    method: 'get',
    path: '/v2/zones?ttl=abc',
    status: 400,
    type: 'bad_request',
  },
  {
    name: 'invalid percent-escape in a query',
    method: 'get',
    path: '/v2/zones?name=%zz',
    status: 400,
    type: 'bad_request',
  },
  {
    name: 'non-boolean all_projects',
    method: 'get',
    path: '/v2/zones?all_projects=maybe',
    headers: as('project-bad', 'admin'),
    status: 400,
    type: 'bad_request',
  },
  // routes and methods
  { name: 'unknown route', method: 'get', path: '/v2/zonez', status: 404, type: 'not_found' },
  { name: '.json suffix', method: 'get', path: '/v2/zones.json', status: 404, type: 'not_found' },
  {
    name: 'PUT on a zone',
    method: 'put',
    path: `/v2/zones/${ZONE}`,
    body: valid,
    status: 405,
    type: 'method_not_allowed',
  },
  {
    name: 'DELETE on the collection',
    method: 'delete',
    path: '/v2/zones',
    status: 405,
    type: 'method_not_allowed',
  },
  // headers
  {
    name: 'sudo by a member',
    method: 'get',
    path: '/v2/zones',
    headers: { ...P1, 'X-Auth-Sudo-Project-ID': 'other' },
    status: 403,
    type: 'forbidden',
  },
  {
    name: 'all projects by a member',
    method: 'get',
    path: '/v2/zones',
    headers: { ...P1, 'X-Auth-All-Projects': 'true' },
    status: 403,
    type: 'forbidden',
  },
  {
    name: 'all_projects query by a reader',
    method: 'get',
    path: '/v2/zones?all_projects=true',
    headers: as('project-bad', 'reader'),
    status: 403,
    type: 'forbidden',
  },
  {
    name: 'no known role',
    method: 'get',
    path: '/v2/zones',
    headers: as('project-bad', 'observer'),
    status: 403,
    type: 'forbidden',
  },
];

describe('bad input: every case is a 4xx with its documented type, never a 500', () => {
  let gw: GatewayHarness;
  let zoneId: string;

  beforeAll(async () => {
    gw = await startGateway();
    const zone = await request(gw.url)
      .post('/v2/zones')
      .set(P1)
      .send({ name: 'existing.bad.test.', email: 'a@bad.test' });
    zoneId = zone.body.id;
  });
  afterAll(() => gw?.close());

  it('has at least 40 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    await expectBadInputAnswer(gw.url, c, P1, { text: ZONE, id: zoneId });
  });

  it('lists every validation problem with path, message and validator', async () => {
    const res = await request(gw.url).post('/v2/zones').set(P1).send({ name: 'x', email: 'y', ttl: 'z' });
    expect(res.status).toBe(400);
    const items = res.body.errors.errors as { path: string[]; message: string; validator: string }[];
    expect(items.map((i) => i.path[0]).sort()).toEqual(['email', 'name', 'ttl']);
    for (const item of items) {
      expect(typeof item.message).toBe('string');
      expect(typeof item.validator).toBe('string');
    }
  });
});
