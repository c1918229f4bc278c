import request from 'supertest';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';

const OWNER = as('project-bad-records');

/** [type, name (relative), records, index of the bad record] */
const BAD_RECORDS: [string, string, string[], number][] = [
  ['A', 'a1', ['1.2.3'], 0],
  ['A', 'a2', ['192.0.2.1', '256.0.0.1'], 1],
  ['A', 'a3', ['192.0.2.1 192.0.2.2'], 0],
  ['A', 'a4', ['2001:db8::1'], 0],
  ['A', 'a5', [''], 0],
  ['AAAA', 'aaaa1', ['192.0.2.1'], 0],
  ['AAAA', 'aaaa2', ['2001:db8::1', '2001:db8:::2'], 1],
  ['CNAME', 'cname1', ['no-trailing-dot.example.com'], 0],
  ['CNAME', 'cname2', ['bad..name.'], 0],
  ['MX', 'mx1', ['mail.example.com.'], 0],
  ['MX', 'mx2', ['10 mail.example.com.', '70000 mail.example.com.'], 1],
  ['MX', 'mx3', ['ten mail.example.com.'], 0],
  ['MX', 'mx4', ['10 mail.example.com'], 0],
  ['TXT', 'txt1', [`"${'x'.repeat(256)}"`], 0],
  ['TXT', 'txt2', ['"ok"', '"unterminated'], 1],
  ['SPF', 'spf1', ['"unterminated'], 0],
  ['SRV', '_sip._tcp', ['10 60 sip.example.com.'], 0],
  ['SRV', '_xmpp._tcp', ['10 60 99999 xmpp.example.com.'], 0],
  ['PTR', 'ptr1', ['host.example.com'], 0],
  ['NS', 'ns1', ['ns1.example.net'], 0],
  ['CAA', 'caa1', ['0 issue'], 0],
  ['CAA', 'caa2', ['256 issue "ca.example.net"'], 0],
  ['CAA', 'caa3', ['0 is-sue "ca.example.net"'], 0],
  ['NAPTR', 'naptr1', ['100 10 "U" "E2U+sip" "regex"'], 0],
  ['SSHFP', 'sshfp1', ['4 2 not-hex'], 0],
  ['SSHFP', 'sshfp2', ['1 1 ABCD'], 0],
  ['TLSA', '_443._tcp.tlsa', ['3 1 1 ABC'], 0],
  ['TLSA', '_443._tcp.tlsb', ['3 1'], 0],
  ['DS', 'ds1', ['60485 5 1'], 0],
  ['DS', 'ds2', ['60485 5 1 XYZ'], 0],
  ['CERT', 'cert1', ['PGP 0 NOPE abc='], 0],
  ['CERT', 'cert2', ['PGP 0 0 not*base64'], 0],
  ['HTTPS', 'https1', ['0 . alpn=h2'], 0],
  ['HTTPS', 'https2', ['1 . bogus=1'], 0],
  ['SVCB', 'svcb1', ['1 svc.example.com. port=99999'], 0],
  ['DNAME', 'dname1', ['example.net'], 0],
];

describe('bad records: each a 400 invalid_object naming records[i]', () => {
  let gw: GatewayHarness;
  let zoneId: string;

  beforeAll(async () => {
    gw = await startGateway();
    zoneId = (
      await request(gw.url).post('/v2/zones').set(OWNER).send({ name: 'bad-records.test.', email: 'a@b.c' })
    ).body.id;
  });
  afterAll(() => gw?.close());

  it('has at least 30 cases', () => expect(BAD_RECORDS.length).toBeGreaterThanOrEqual(30));

  it.each(BAD_RECORDS)('%s %s %j', async (type, name, records, index) => {
    const res = await request(gw.url)
      .post(`/v2/zones/${zoneId}/recordsets`)
      .set(OWNER)
      .send({ name: `${name}.bad-records.test.`, type, records });
    expect([res.status, res.body.type]).toEqual([400, 'invalid_object']);
    expect(res.body.errors.errors).toEqual([
      expect.objectContaining({
        path: ['records', index],
        validator: 'format',
        message: expect.stringContaining(`is not a '${type}' Record`),
      }),
    ]);
  });

  it('reports the bad record of a PUT too, and leaves the record set as it was', async () => {
    const created = await request(gw.url)
      .post(`/v2/zones/${zoneId}/recordsets`)
      .set(OWNER)
      .send({ name: 'put.bad-records.test.', type: 'A', records: ['192.0.2.1'] });
    const res = await request(gw.url)
      .put(`/v2/zones/${zoneId}/recordsets/${created.body.id}`)
      .set(OWNER)
      .send({ records: ['192.0.2.2', 'nope'] });
    expect(res.body.errors.errors[0].path).toEqual(['records', 1]);
    const after = await request(gw.url).get(`/v2/zones/${zoneId}/recordsets/${created.body.id}`).set(OWNER);
    expect(after.body.records).toEqual(['192.0.2.1']);
  });

  it.each([
    [
      'an unsupported type',
      { name: 'x.bad-records.test.', type: 'WKS', records: ['1'] },
      'invalid_object',
      ['type'],
    ],
    [
      'a non-list records',
      { name: 'x.bad-records.test.', type: 'A', records: '192.0.2.1' },
      'invalid_object',
      ['records'],
    ],
    [
      'an empty records list',
      { name: 'x.bad-records.test.', type: 'A', records: [] },
      'invalid_object',
      ['records'],
    ],
    [
      'a non-string record',
      { name: 'x.bad-records.test.', type: 'A', records: [1] },
      'invalid_object',
      ['records'],
    ],
    [
      'a name without a dot',
      { name: 'x.bad-records.test', type: 'A', records: ['192.0.2.1'] },
      'invalid_object',
      ['name'],
    ],
    [
      'a wildcard not first',
      { name: 'a.*.bad-records.test.', type: 'A', records: ['192.0.2.1'] },
      'invalid_object',
      ['name'],
    ],
    [
      'a string ttl',
      { name: 'x.bad-records.test.', type: 'A', records: ['192.0.2.1'], ttl: '60' },
      'invalid_object',
      ['ttl'],
    ],
  ])('refuses %s', async (_case, body, type, path) => {
    const res = await request(gw.url).post(`/v2/zones/${zoneId}/recordsets`).set(OWNER).send(body);
    expect([res.status, res.body.type]).toEqual([400, type]);
    expect(res.body.errors.errors[0].path).toEqual(path);
  });
});
