import request from 'supertest';
import { DynamicUpdateService, UpdateGrantsService, UpdateRecord } from '@zonewarden/domain';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';
import { TIMESTAMP, UUID } from './support/zone-shape';

const OWNER = as('grants-owner');
const READER = as('grants-owner', 'reader');
const OTHER = as('grants-other');
const SHARED = as('grants-shared');
const ADMIN_ALL = { ...as('grants-admin', 'admin'), 'X-Auth-All-Projects': 'true' };
const ENCRYPTION_KEYS = 'k2026=an operator secret for the grants tests';
const FIELDS = [
  'algorithm',
  'allow_transfer',
  'created_at',
  'description',
  'id',
  'key_name',
  'links',
  'names',
  'types',
  'updated_at',
  'zone_id',
];

describe('update grants (/v2/zones/{zone_id}/update_grants)', () => {
  let gw: GatewayHarness;
  const api = () => request(gw.url);
  let seq = 0;

  beforeAll(async () => {
    gw = await startGateway({ TSIG_KEY_ENCRYPTION_KEYS: ENCRYPTION_KEYS });
  });
  afterAll(() => gw?.close());

  async function newZone(headers = OWNER): Promise<{ id: string; name: string }> {
    seq += 1;
    const zone = await api()
      .post('/v2/zones')
      .set(headers)
      .send({ name: `grants-${seq}.example.org.`, email: 'h@example.org' })
      .expect(201);
    return { id: zone.body.id, name: zone.body.name };
  }

  const acme = (zone: string) => ({
    key_name: 'ACME-Key',
    names: [{ match: 'name', name: `_acme-challenge.${zone}` }],
    types: ['txt'],
    description: 'certbot',
  });
  const grantsUrl = (zoneId: string) => `/v2/zones/${zoneId}/update_grants`;
  const storedSecrets = async (zoneId: string) =>
    (
      await gw.prisma.pg.query<{ secret: string }>('SELECT secret FROM update_grants WHERE zone_id = $1', [
        zoneId,
      ])
    ).rows.map((row) => row.secret);

  it('creates a grant (201) whose secret is shown once, then gets, lists, patches and deletes it', async () => {
    const zone = await newZone();
    const created = await api().post(grantsUrl(zone.id)).set(OWNER).send(acme(zone.name)).expect(201);
    expect(Object.keys(created.body).sort()).toEqual([...FIELDS, 'secret'].sort());
    expect(created.body).toEqual({
      id: expect.stringMatching(UUID),
      zone_id: zone.id,
      key_name: 'acme-key.',
      algorithm: 'hmac-sha256',
      secret: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
      names: [{ match: 'name', name: `_acme-challenge.${zone.name}` }],
      types: ['TXT'],
      allow_transfer: false,
      description: 'certbot',
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: null,
      links: {
        self: `${gw.url}${grantsUrl(zone.id)}/${created.body.id}`,
        zone: `${gw.url}/v2/zones/${zone.id}`,
      },
    });
    expect(created.headers.location).toBe(created.body.links.self);
    const url = `${grantsUrl(zone.id)}/${created.body.id}`;
    const { secret: _secret, ...shown } = created.body;

    expect((await api().get(url).set(OWNER).expect(200)).body).toEqual(shown);
    const listed = await api().get(grantsUrl(zone.id)).set(OWNER).expect(200);
    expect(listed.body).toEqual({
      update_grants: [shown],
      links: { self: `${gw.url}${grantsUrl(zone.id)}` },
      metadata: { total_count: 1 },
    });

    const patched = await api()
      .patch(url)
      .set(OWNER)
      .send({ names: [{ match: 'zone' }], types: [], allow_transfer: true, description: null })
      .expect(200);
    expect(patched.body).toMatchObject({
      key_name: 'acme-key.',
      names: [{ match: 'zone', name: zone.name }],
      types: [],
      allow_transfer: true,
      description: null,
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(patched.body).not.toHaveProperty('secret');

    await api().delete(url).set(OWNER).expect(204);
    expect((await api().get(url).set(OWNER).expect(404)).body).toMatchObject({
      type: 'update_grant_not_found',
    });
    await api().delete(url).set(OWNER).expect(404);
    await api().patch(url).set(OWNER).send({ description: 'x' }).expect(404);
  });

  it('keeps the secret encrypted at rest, and gives it to the DNS server in the clear', async () => {
    const zone = await newZone();
    const created = await api().post(grantsUrl(zone.id)).set(OWNER).send(acme(zone.name)).expect(201);
    const given = Buffer.alloc(48, 9).toString('base64');
    await api()
      .post(grantsUrl(zone.id))
      .set(OWNER)
      .send({
        ...acme(zone.name),
        key_name: 'mine.',
        algorithm: 'hmac-sha384',
        secret: given,
        allow_transfer: true,
      })
      .expect(201);
    const stored = await storedSecrets(zone.id);
    expect(stored).toHaveLength(2);
    for (const secret of stored) {
      expect(secret).toMatch(/^v1:k2026:/);
      expect(secret).not.toContain(created.body.secret);
      expect(secret).not.toContain(given);
    }
    const grants = gw.app.get(UpdateGrantsService);
    expect(await grants.grantKey(zone.name.toUpperCase(), 'ACME-KEY')).toMatchObject({
      name: 'acme-key.',
      algorithm: 'hmac-sha256',
      secret: created.body.secret,
      allowTransfer: false,
    });
    expect((await grants.keysFor(zone.name)).map((key) => [key.name, key.secret, key.allowTransfer])).toEqual(
      [
        ['acme-key.', created.body.secret, false],
        ['mine.', given, true],
      ],
    );
    expect(await grants.mayTransfer(zone.name, 'mine.')).toBe(true);
    expect(await grants.mayTransfer(zone.name, 'acme-key.')).toBe(false);
    expect(await grants.grantKey(zone.name, 'unknown.')).toBeUndefined();
  });

  it('lets readers list and show grants but change none; another project gets 404, a shared one 403', async () => {
    const zone = await newZone();
    const created = await api().post(grantsUrl(zone.id)).set(OWNER).send(acme(zone.name)).expect(201);
    const url = `${grantsUrl(zone.id)}/${created.body.id}`;
    await api()
      .post(`/v2/zones/${zone.id}/shares`)
      .set(OWNER)
      .send({ target_project_id: 'grants-shared' })
      .expect(201);

    expect((await api().get(grantsUrl(zone.id)).set(READER).expect(200)).body.update_grants).toHaveLength(1);
    expect((await api().get(url).set(READER).expect(200)).body).not.toHaveProperty('secret');
    for (const [headers, status, type] of [
      [READER, 403, 'forbidden'],
      [OTHER, 404, 'zone_not_found'],
      [SHARED, 403, 'forbidden'],
    ] as const) {
      const refused = [
        await api()
          .post(grantsUrl(zone.id))
          .set(headers)
          .send({ ...acme(zone.name), key_name: 'x.' }),
        await api().patch(url).set(headers).send({ description: 'x' }),
        await api().delete(url).set(headers),
      ];
      if (headers !== READER)
        refused.push(await api().get(grantsUrl(zone.id)).set(headers), await api().get(url).set(headers));
      for (const answer of refused) expect([answer.status, answer.body.type]).toEqual([status, type]);
    }
    // An admin acting for all projects manages them.
    await api().patch(url).set(ADMIN_ALL).send({ description: 'by an admin' }).expect(200);
  });

  it.each([
    ['hmac-md5', { algorithm: 'hmac-md5' }, /hmac-md5/],
    ['an unknown algorithm', { algorithm: 'hmac-sha3' }, /algorithm/],
    ['a key name that is not a DNS name', { key_name: 'bad key' }, /key name/],
    ['no key name', { key_name: undefined }, /key_name/],
    ['a short secret', { secret: 'c2VjcmV0' }, /base64 of 16/],
    ['a secret that is not base64', { secret: 'not base64 at all!!' }, /base64/],
    ['no names', { names: undefined }, /names/],
    ['a name outside the zone', { names: [{ match: 'name', name: 'www.example.net.' }] }, /not in the zone/],
    ['a relative name', { names: [{ match: 'subdomain', name: 'www' }] }, /not a valid name/],
    ['a name without its match', { names: [{ name: 'x.example.org.' }] }, /match/],
    ['an unknown match', { names: [{ match: 'wildcard', name: 'x.example.org.' }] }, /match/],
    ['an unknown key in a name', { names: [{ match: 'zone', junk: 1 }] }, /junk/],
    ['a name that is not an object', { names: ['x.example.org.'] }, /object/],
    ['SOA among the types', { types: ['SOA'] }, /SOA/],
    ['an unknown type', { types: ['HINFO'] }, /HINFO/],
    ['a non-boolean allow_transfer', { allow_transfer: 'yes' }, /allow_transfer/],
    ['an unknown key', { junk: 1 }, /junk/],
  ])('refuses a grant with %s (400 invalid_object)', async (_what, change, message) => {
    const zone = await newZone();
    const refused = await api()
      .post(grantsUrl(zone.id))
      .set(OWNER)
      .send({ ...acme(zone.name), ...change })
      .expect(400);
    expect(refused.body).toMatchObject({ code: 400, type: 'invalid_object', message });
    expect(await storedSecrets(zone.id)).toEqual([]);
  });

  it('refuses a key name taken in the zone (409) but not in another zone, and a PATCH of the key', async () => {
    const [one, two] = [await newZone(), await newZone()];
    const created = await api().post(grantsUrl(one.id)).set(OWNER).send(acme(one.name)).expect(201);
    const taken = await api()
      .post(grantsUrl(one.id))
      .set(OWNER)
      .send({ ...acme(one.name), key_name: 'acme-key.' });
    expect([taken.status, taken.body.type]).toEqual([409, 'duplicate_update_grant']);
    await api().post(grantsUrl(two.id)).set(OWNER).send(acme(two.name)).expect(201);
    for (const key of ['key_name', 'algorithm', 'secret']) {
      const refused = await api()
        .patch(`${grantsUrl(one.id)}/${created.body.id}`)
        .set(OWNER)
        .send({ [key]: 'hmac-sha512' });
      expect([refused.status, refused.body.type]).toEqual([400, 'invalid_object']);
    }
  });

  it('answers bad paths and queries with 4xx, and pages by keyset', async () => {
    const zone = await newZone();
    for (const key of ['c.', 'a.', 'b.'])
      await api()
        .post(grantsUrl(zone.id))
        .set(OWNER)
        .send({ ...acme(zone.name), key_name: key })
        .expect(201);
    const names = async (query: string) =>
      (
        await api()
          .get(`${grantsUrl(zone.id)}${query}`)
          .set(OWNER)
          .expect(200)
      ).body.update_grants.map((grant: { key_name: string }) => grant.key_name);
    expect(await names('?sort_key=key_name')).toEqual(['a.', 'b.', 'c.']);
    expect(await names('?sort_key=key_name&sort_dir=desc&limit=2')).toEqual(['c.', 'b.']);
    expect(await names('?key_name=B.')).toEqual(['b.']);
    await api()
      .get(`${grantsUrl(zone.id)}/not-a-uuid`)
      .set(OWNER)
      .expect(400);
    await api()
      .get(`${grantsUrl(zone.id)}?sort_key=secret`)
      .set(OWNER)
      .expect(400);
    await api().put(grantsUrl(zone.id)).set(OWNER).send({}).expect(405);
  });

  it('go with their zone: abandoned (cascade) or transferred to another project (deleted)', async () => {
    const abandoned = await newZone();
    await api().post(grantsUrl(abandoned.id)).set(OWNER).send(acme(abandoned.name)).expect(201);
    await api()
      .post(`/v2/zones/${abandoned.id}/tasks/abandon`)
      .set({ ...as('grants-admin', 'admin'), 'X-Auth-Sudo-Project-ID': 'grants-owner' })
      .expect(204);
    expect(await storedSecrets(abandoned.id)).toEqual([]);

    const moved = await newZone();
    await api().post(grantsUrl(moved.id)).set(OWNER).send(acme(moved.name)).expect(201);
    const transfer = await api()
      .post(`/v2/zones/${moved.id}/tasks/transfer_requests`)
      .set(OWNER)
      .send({ target_project_id: 'grants-other' })
      .expect(201);
    await api()
      .post('/v2/zones/tasks/transfer_accepts')
      .set(OTHER)
      .send({ key: transfer.body.key, zone_transfer_request_id: transfer.body.id })
      .expect(201);
    expect((await api().get(grantsUrl(moved.id)).set(OTHER).expect(200)).body.update_grants).toEqual([]);
    expect(await gw.app.get(UpdateGrantsService).grantKey(moved.name, 'acme-key.')).toBeUndefined();
  });

  describe('a dynamic update through the domain, on real storage', () => {
    const rr = (name: string, klass: UpdateRecord['class'], type: string, data: string | null, ttl = 0) => ({
      name,
      class: klass,
      type,
      data,
      ttl,
    });

    it('applies a granted update as one change (source update, the key as actor) and refuses the rest', async () => {
      const zone = await newZone();
      await api().post(grantsUrl(zone.id)).set(OWNER).send(acme(zone.name)).expect(201);
      const updates = gw.app.get(DynamicUpdateService);
      const before = (await api().get(`/v2/zones/${zone.id}`).set(OWNER)).body.serial as number;
      const challenge = `_acme-challenge.${zone.name}`;

      const applied = await updates.apply({
        zoneName: zone.name,
        keyName: 'acme-key.',
        prerequisites: [rr(challenge, 'NONE', 'ANY', null)],
        updates: [rr(challenge, 'IN', 'TXT', '"token-1"', 60), rr(challenge, 'IN', 'TXT', '"token-2"', 60)],
      });
      expect(applied).toEqual({ rcode: 'NOERROR', serial: expect.any(Number) });
      const after = (await api().get(`/v2/zones/${zone.id}`).set(OWNER)).body;
      expect(after.serial).toBe((applied as { serial: number }).serial);
      expect(after.serial).toBeGreaterThan(before);
      const sets = await api().get(`/v2/zones/${zone.id}/recordsets?type=TXT`).set(OWNER).expect(200);
      expect(sets.body.recordsets).toMatchObject([
        { name: challenge, ttl: 60, records: ['"token-1"', '"token-2"'] },
      ]);
      const [entry] = (await api().get(`/v2/zones/${zone.id}/changes?source=update`).set(OWNER).expect(200))
        .body.changes;
      expect(entry).toMatchObject({
        source: 'update',
        serial: after.serial,
        actor: { key_name: 'acme-key.', user_id: null, project_id: null },
        rrsets: [
          {
            name: challenge,
            type: 'TXT',
            before: null,
            after: { ttl: 60, records: ['"token-1"', '"token-2"'] },
          },
        ],
      });

      // The same again: its prerequisite (nothing at the name) fails; nothing is applied.
      expect(
        await updates.apply({
          zoneName: zone.name,
          keyName: 'acme-key.',
          prerequisites: [rr(challenge, 'NONE', 'ANY', null)],
          updates: [rr(challenge, 'IN', 'TXT', '"token-3"', 60)],
        }),
      ).toMatchObject({ rcode: 'YXDOMAIN' });
      // Outside the grant: REFUSED, the whole update unapplied.
      expect(
        await updates.apply({
          zoneName: zone.name,
          keyName: 'acme-key.',
          prerequisites: [],
          updates: [rr(challenge, 'ANY', 'TXT', null), rr(`www.${zone.name}`, 'IN', 'A', '192.0.2.1', 300)],
        }),
      ).toMatchObject({ rcode: 'REFUSED' });
      // Deleting what is absent changes nothing: NOERROR, no serial bump.
      expect(
        await updates.apply({
          zoneName: zone.name,
          keyName: 'acme-key.',
          prerequisites: [],
          updates: [rr(challenge, 'NONE', 'TXT', '"absent"')],
        }),
      ).toEqual({ rcode: 'NOERROR', serial: null });
      expect(
        await updates.apply({ zoneName: zone.name, keyName: 'other.', prerequisites: [], updates: [] }),
      ).toMatchObject({ rcode: 'NOTAUTH' });
      expect((await api().get(`/v2/zones/${zone.id}`).set(OWNER)).body.serial).toBe(after.serial);

      // The challenge cleaned up, as certbot does: one more change.
      expect(
        await updates.apply({
          zoneName: zone.name,
          keyName: 'acme-key.',
          prerequisites: [],
          updates: [rr(challenge, 'ANY', 'TXT', null)],
        }),
      ).toMatchObject({ rcode: 'NOERROR' });
      const history = (await api().get(`/v2/zones/${zone.id}/changes?source=update`).set(OWNER)).body.changes;
      expect(history).toHaveLength(2);
    });
  });
});
