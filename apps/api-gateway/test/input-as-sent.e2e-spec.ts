import request from 'supertest';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';

const OWNER = as('project-as-sent');
const OTHER = as('project-as-sent-other');

/**
 * Issue #24, "no input is silently changed": what the API would have split, dropped or lower-cased
 * without a word is now either kept as sent or refused with a message saying why (and what to send).
 */
describe('input kept as sent, or refused', () => {
  let gw: GatewayHarness;
  let zone: { id: string; name: string };
  const recordSets = () => `/v2/zones/${zone.id}/recordsets`;
  let seq = 0;
  const create = (type: string, records: string[]) =>
    request(gw.url)
      .post(recordSets())
      .set(OWNER)
      .send({ name: `r${++seq}.${zone.name}`, type, records });

  beforeAll(async () => {
    gw = await startGateway();
    zone = (
      await request(gw.url)
        .post('/v2/zones')
        .set(OWNER)
        .send({ name: 'as-sent.test.', email: 'a@as-sent.test' })
    ).body;
  });
  afterAll(() => gw?.close());

  describe('TXT and SPF', () => {
    it('refuses blanks outside quotes, naming the quoted record meant (POST and PUT)', async () => {
      for (const type of ['TXT', 'SPF']) {
        const res = await create(type, ['"fine"', 'v=spf1 mx -all']);
        expect([res.status, res.body.type]).toEqual([400, 'invalid_object']);
        const message = `'v=spf1 mx -all' is not a '${type}' Record: Empty spaces are not allowed in ${type} record, unless wrapped in double quotes. Did you mean "\\"v=spf1 mx -all\\""?`;
        expect(res.body.errors.errors).toEqual([{ path: ['records', 1], message, validator: 'format' }]);
      }
      const created = await create('TXT', ['"v=spf1 -all"']);
      const put = await request(gw.url)
        .put(`${recordSets()}/${created.body.id}`)
        .set(OWNER)
        .send({ records: ['v=spf1 mx -all'] });
      expect([put.status, put.body.type]).toEqual([400, 'invalid_object']);
      expect(put.body.message).toContain('Did you mean "\\"v=spf1 mx -all\\""?');
      const after = await request(gw.url).get(`${recordSets()}/${created.body.id}`).set(OWNER);
      expect(after.body.records).toEqual(['"v=spf1 -all"']);
    });

    it.each([
      ['quoted, with blanks', '"v=spf1 mx -all"', '"v=spf1 mx -all"'],
      ['several strings', '"a" "b"', '"a" "b"'],
      ['escaped quotes inside', '"say \\"hi\\""', '"say \\"hi\\""'],
      ['one word, unquoted', 'v=spf1', '"v=spf1"'],
      ['a string of 255 bytes', `"${'x'.repeat(255)}"`, `"${'x'.repeat(255)}"`],
      ['a string ending in an escaped backslash, quoted', '"C:\\\\"', '"C:\\\\"'],
    ])('takes %s', async (_, data, stored) => {
      const res = await create('TXT', [data]);
      expect(res.status).toBe(201);
      expect(res.body.records).toEqual([stored]);
    });

    it.each([
      ['a trailing backslash', 'foo\\', "Do NOT put '\\' into end of TXT record"],
      ['a trailing escaped backslash', 'foo\\\\', "Do NOT put '\\' into end of TXT record"],
      ['a lone backslash', '\\', "Do NOT put '\\' into end of TXT record"],
      [
        'a string of 256 bytes',
        `"${'x'.repeat(256)}"`,
        'Any TXT record string exceeding 255 characters has to be split.',
      ],
      ['an unescaped quote inside', '"foo"bar"', 'Quotation marks should be escaped with backslash.'],
      ['a missing quote', 'foo"', 'TXT record is missing a double quote either at beginning or at end.'],
    ])('refuses %s (400 invalid_object)', async (_, data, message) => {
      const res = await create('TXT', [data]);
      expect([res.status, res.body.type]).toEqual([400, 'invalid_object']);
      expect(res.body.errors.errors[0].message).toContain(message);
    });
  });

  describe('CAA', () => {
    it.each([
      ['0 issue "letsencrypt.org"'],
      ['0 issue "ca.example.net; account=230123"'],
      ['0 issuewild ";"'],
      ['0 iodef "https://iodef.example.net/"'],
      ['0 issuemail "mail-ca.example"'],
      ['128 tbs "Unknown"'],
    ])('takes %s', async (data) => {
      const res = await create('CAA', [data]);
      expect(res.status).toBe(201);
      expect(res.body.records).toEqual([data]);
    });

    it.each([
      ['0 issuer "letsencrypt.org"', 'Property tag issuer must be one of issue, issuewild'],
      ['1 issue "letsencrypt.org"', 'CAA flags must be 0 or 128'],
      ['0 issue "letsencrypt.org."', 'Domain letsencrypt.org. is invalid'],
      ['0 issue "ca.example.net; nokeyvalue"', 'nokeyvalue is not a valid key-value pair'],
      ['0 iodef "https://"', 'https:// is not a valid URL'],
    ])('refuses %s (400 invalid_object)', async (data, message) => {
      const res = await create('CAA', [data]);
      expect([res.status, res.body.type]).toEqual([400, 'invalid_object']);
      expect(res.body.errors.errors[0].message).toContain(message);
    });
  });

  describe("a zone name's letter case", () => {
    it('is kept as given, while names compare without regard to case', async () => {
      const created = await request(gw.url)
        .post('/v2/zones')
        .set(OWNER)
        .send({ name: 'Case.Example.NET.', email: 'a@example.net' });
      expect([created.status, created.body.name]).toEqual([201, 'Case.Example.NET.']);
      const shown = await request(gw.url).get(`/v2/zones/${created.body.id}`).set(OWNER);
      expect(shown.body.name).toBe('Case.Example.NET.');
      const listed = await request(gw.url).get('/v2/zones?name=case.example.NET.').set(OWNER);
      expect(listed.body.zones.map((z: { id: string }) => z.id)).toEqual([created.body.id]);

      const again = await request(gw.url)
        .post('/v2/zones')
        .set(OWNER)
        .send({ name: 'case.example.net.', email: 'a@b.c' });
      expect([again.status, again.body.type]).toEqual([409, 'duplicate_zone']);
      const child = await request(gw.url)
        .post('/v2/zones')
        .set(OTHER)
        .send({ name: 'sub.CASE.example.net.', email: 'a@b.c' });
      expect([child.status, child.body.type]).toEqual([403, 'illegal_child']);

      const set = await request(gw.url)
        .post(`/v2/zones/${created.body.id}/recordsets`)
        .set(OWNER)
        .send({ name: 'WWW.case.example.net.', type: 'A', records: ['192.0.2.1'] });
      expect(set.status).toBe(201);
      expect(set.body).toMatchObject({ name: 'www.case.example.net.', zone_name: 'Case.Example.NET.' });
      const outside = await request(gw.url)
        .post(`/v2/zones/${created.body.id}/recordsets`)
        .set(OWNER)
        .send({ name: 'www.case.example.org.', type: 'A', records: ['192.0.2.1'] });
      expect([outside.status, outside.body.type]).toEqual([400, 'invalid_recordset_location']);
    });
  });

  describe('imports', () => {
    it.each([['text/plain'], ['application/x-www-form-urlencoded']])(
      'answer a zonefile sent as %s with the route’s own 415',
      async (contentType) => {
        const res = await request(gw.url)
          .post('/v2/zones/tasks/imports')
          .set({ ...OWNER, 'Content-Type': contentType })
          .send('$ORIGIN plain.test.\n@ SOA ns admin 1 2 3 4 5\n');
        expect([res.status, res.body.type, res.body.message]).toEqual([
          415,
          'unsupported_content_type',
          'Content-type must be text/dns or application/json',
        ]);
      },
    );
  });
});
