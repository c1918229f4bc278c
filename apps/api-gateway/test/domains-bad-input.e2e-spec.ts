import request from 'supertest';
import { BadInputCase, expectBadInputAnswer } from './support/bad-input';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';

const OWNER = as('project-legacy-bad');
const DOMAIN = '{domain}';
const MISSING = '7d5e8f8e-0000-4000-8000-000000000000';

const valid = { name: 'new.legacy-bad.test.', email: 'a@legacy-bad.test', ttl: 300 };

const CASES: BadInputCase[] = [
  {
    name: 'name without a trailing dot',
    method: 'post',
    path: '/domains',
    body: { ...valid, name: 'example.com' },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'single-label name',
    method: 'post',
    path: '/domains',
    body: { ...valid, name: 'com.' },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'missing name',
    method: 'post',
    path: '/domains',
    body: { email: 'a@b.c' },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'missing email',
    method: 'post',
    path: '/domains',
    body: { name: 'x.legacy-bad.test.' },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'bad email',
    method: 'post',
    path: '/domains',
    body: { ...valid, email: 'nope' },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'ttl 0 (legacy minimum is 1)',
    method: 'post',
    path: '/domains',
    body: { ...valid, ttl: 0 },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'ttl as a string',
    method: 'post',
    path: '/domains',
    body: { ...valid, ttl: '300' },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'ttl as a float',
    method: 'post',
    path: '/domains',
    body: { ...valid, ttl: 1.5 },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'ttl too large',
    method: 'post',
    path: '/domains',
    body: { ...valid, ttl: 2147483648 },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'description too long',
    method: 'post',
    path: '/domains',
    body: { ...valid, description: 'x'.repeat(161) },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'unknown key',
    method: 'post',
    path: '/domains',
    body: { ...valid, serial: 5 },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'read-only id',
    method: 'post',
    path: '/domains',
    body: { ...valid, id: MISSING },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'array body',
    method: 'post',
    path: '/domains',
    body: [valid],
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'malformed JSON',
    method: 'post',
    path: '/domains',
    raw: '{"name":',
    contentType: 'application/json',
    status: 400,
    type: 'invalid_json',
  },
  {
    name: 'empty body',
    method: 'post',
    path: '/domains',
    raw: '',
    contentType: 'application/json',
    status: 400,
    type: 'empty_request_body',
  },
  {
    name: 'text/plain body',
    method: 'post',
    path: '/domains',
    raw: JSON.stringify(valid),
    contentType: 'text/plain',
    status: 415,
    type: 'unsupported_content_type',
  },
  {
    name: 'PUT with a bad ttl',
    method: 'put',
    path: `/domains/${DOMAIN}`,
    body: { ttl: -1 },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'PUT with an unknown key',
    method: 'put',
    path: `/domains/${DOMAIN}`,
    body: { status: 'ACTIVE' },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'PUT a rename',
    method: 'put',
    path: `/domains/${DOMAIN}`,
    body: { name: 'other.legacy-bad.test.' },
    status: 400,
    type: 'invalid_object',
  },
  {
    name: 'PUT a missing domain',
    method: 'put',
    path: `/domains/${MISSING}`,
    body: { ttl: 60 },
    status: 400,
    type: 'domain_not_found',
  },
  {
    name: 'PUT a non-UUID id',
    method: 'put',
    path: '/domains/abc',
    body: { ttl: 60 },
    status: 400,
    type: 'domain_not_found',
  },
  {
    name: 'PUT without a body',
    method: 'put',
    path: `/domains/${DOMAIN}`,
    raw: '',
    contentType: 'application/json',
    status: 400,
    type: 'empty_request_body',
  },
  {
    name: 'GET a missing domain',
    method: 'get',
    path: `/domains/${MISSING}`,
    status: 404,
    type: 'domain_not_found',
  },
  { name: 'GET a non-UUID id', method: 'get', path: '/domains/abc', status: 404, type: 'domain_not_found' },
  {
    name: 'DELETE a missing domain',
    method: 'delete',
    path: `/domains/${MISSING}`,
    status: 404,
    type: 'domain_not_found',
  },
  {
    name: 'servers of a missing domain',
    method: 'get',
    path: `/domains/${MISSING}/servers`,
    status: 404,
    type: 'domain_not_found',
  },
  {
    name: 'another project’s domain: GET',
    method: 'get',
    path: `/domains/${DOMAIN}`,
    headers: as('project-intruder'),
    status: 404,
    type: 'domain_not_found',
  },
  {
    name: 'another project’s domain: PUT',
    method: 'put',
    path: `/domains/${DOMAIN}`,
    body: { ttl: 60 },
    headers: as('project-intruder'),
    status: 400,
    type: 'domain_not_found',
  },
  {
    name: 'another project’s domain: DELETE',
    method: 'delete',
    path: `/domains/${DOMAIN}`,
    headers: as('project-intruder'),
    status: 404,
    type: 'domain_not_found',
  },
  {
    name: 'another project’s domain: servers',
    method: 'get',
    path: `/domains/${DOMAIN}/servers`,
    headers: as('project-intruder'),
    status: 404,
    type: 'domain_not_found',
  },
  {
    name: 'a reader creating',
    method: 'post',
    path: '/domains',
    body: valid,
    headers: as('project-legacy-bad', 'reader'),
    status: 403,
    type: 'forbidden',
  },
  {
    name: 'a reader updating',
    method: 'put',
    path: `/domains/${DOMAIN}`,
    body: { ttl: 60 },
    headers: as('project-legacy-bad', 'reader'),
    status: 403,
    type: 'forbidden',
  },
  {
    name: 'a reader deleting',
    method: 'delete',
    path: `/domains/${DOMAIN}`,
    headers: as('project-legacy-bad', 'reader'),
    status: 403,
    type: 'forbidden',
  },
  {
    name: 'PATCH is not a legacy method',
    method: 'patch',
    path: `/domains/${DOMAIN}`,
    body: { ttl: 60 },
    status: 405,
    type: 'method_not_allowed',
  },
];

describe('legacy /domains bad input: each the documented status, never a 500', () => {
  let gw: GatewayHarness;
  let domainId: string;

  beforeAll(async () => {
    gw = await startGateway();
    domainId = (
      await request(gw.url)
        .post('/domains')
        .set(OWNER)
        .send({ name: 'existing.legacy-bad.test.', email: 'a@b.c' })
    ).body.id;
  });
  afterAll(() => gw?.close());

  it('has at least 20 cases', () => expect(CASES.length).toBeGreaterThanOrEqual(20));

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    await expectBadInputAnswer(gw.url, c, OWNER, { text: DOMAIN, id: domainId });
  });

  it('the domain survived every bad request', async () => {
    const res = await request(gw.url).get(`/domains/${domainId}`).set(OWNER);
    expect(res.body).toMatchObject({ ttl: 3600, updated_at: null });
  });
});
