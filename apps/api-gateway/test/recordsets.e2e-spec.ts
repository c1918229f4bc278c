import request from 'supertest';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';
import { TIMESTAMP, UUID } from './support/zone-shape';

const OWNER = as('project-rs');
const ADMIN = as('project-admin', 'admin');
const RS_KEYS = [
  'action',
  'created_at',
  'description',
  'id',
  'links',
  'name',
  'project_id',
  'records',
  'status',
  'ttl',
  'type',
  'updated_at',
  'version',
  'zone_id',
  'zone_name',
].sort();

/** Every supported type with real-world values (name relative to the zone, records, canonical records). */
const TYPES: [string, string, string[], string[]?][] = [
  ['A', 'www', ['192.0.2.10', '192.0.2.11']],
  ['AAAA', 'www', ['2001:DB8::10'], ['2001:db8::10']],
  ['CNAME', 'alias', ['www.example.com.']],
  ['MX', '', ['10 mail.example.com.', '20 mail2.example.com.']],
  ['TXT', 'txt', ['"v=spf1 include:_spf.google.com ~all"', '"google-site-verification=abc123"']],
  ['SPF', 'spf', ['"v=spf1 -all"']],
  ['SRV', '_sip._tcp', ['10 60 5060 sipserver.example.com.']],
  ['PTR', '10.in-addr', ['host.example.com.']],
  ['NS', 'delegated', ['ns1.other.net.', 'ns2.other.net.']],
  ['CAA', '', ['0 issue "letsencrypt.org"', '0 iodef "mailto:security@example.com"']],
  ['NAPTR', 'sip', ['100 10 "U" "E2U+sip" "!^.*$!sip:info@example.com!" .']],
  [
    'SSHFP',
    'host',
    ['4 2 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['4 2 E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855'],
  ],
  ['TLSA', '_443._tcp.www', ['3 1 1 0C72AC70B745AC19998811B131D662C9AC69DBDBE7CB23E5B514B56664C5D3D6']],
  ['DS', 'delegated', ['60485 5 1 2BB183AF5F22588179A53B0A98631FAD1A292118']],
  ['CERT', 'cert', ['PGP 0 0 mQINBFkxyz0=']],
  ['DNAME', 'moved', ['example.net.']],
  ['HTTPS', '', ['1 . alpn=h3,h2 ipv4hint=192.0.2.10']],
  ['SVCB', '_dns', ['1 dns.example.com. alpn=dot port=853']],
];

describe('/v2/zones/{id}/recordsets', () => {
  let gw: GatewayHarness;
  let zone: { id: string; name: string; serial: number };
  const url = (path = '') => `/v2/zones/${zone.id}/recordsets${path}`;
  const fqdn = (relative: string) => (relative ? `${relative}.${zone.name}` : zone.name);
  const create = (body: object, headers = OWNER) => request(gw.url).post(url()).set(headers).send(body);

  beforeAll(async () => {
    gw = await startGateway();
    zone = (
      await request(gw.url)
        .post('/v2/zones')
        .set(OWNER)
        .send({ name: 'example.com.', email: 'hostmaster@example.com' })
    ).body;
  });
  afterAll(() => gw?.close());

  it.each(TYPES)('CRUD of a %s record set', async (type, relative, records, canonical = records) => {
    const before = (await request(gw.url).get(`/v2/zones/${zone.id}`).set(OWNER)).body;
    const created = await create({ name: fqdn(relative), type, records, ttl: 300, description: `a ${type}` });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(RS_KEYS);
    expect(created.body).toMatchObject({
      name: fqdn(relative),
      type,
      ttl: 300,
      zone_id: zone.id,
      zone_name: zone.name,
      project_id: 'project-rs',
      status: 'PENDING',
      action: 'CREATE',
      version: 1,
      updated_at: null,
    });
    expect([...created.body.records].sort()).toEqual([...canonical].sort());
    expect(created.body.id).toMatch(UUID);
    expect(created.body.created_at).toMatch(TIMESTAMP);
    expect(created.headers.location).toBe(created.body.links.self);
    expect(created.body.links.self).toBe(`${gw.url}/v2/zones/${zone.id}/recordsets/${created.body.id}`);
    const afterCreate = (await request(gw.url).get(`/v2/zones/${zone.id}`).set(OWNER)).body;
    expect(afterCreate.serial).toBeGreaterThan(before.serial);
    expect(afterCreate.action).toBe('UPDATE');

    const got = await request(gw.url)
      .get(url(`/${created.body.id}`))
      .set(OWNER);
    expect(got.body).toEqual(created.body);

    const updated = await request(gw.url)
      .put(url(`/${created.body.id}`))
      .set(OWNER)
      .send({ ttl: 600, description: null });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      ttl: 600,
      description: null,
      version: 2,
      action: 'UPDATE',
      status: 'PENDING',
    });
    expect(updated.body.updated_at).toMatch(TIMESTAMP);
    expect([...updated.body.records].sort()).toEqual([...canonical].sort());

    const deleted = await request(gw.url)
      .delete(url(`/${created.body.id}`))
      .set(OWNER);
    expect(deleted.status).toBe(202);
    expect(deleted.body).toMatchObject({ action: 'DELETE', status: 'PENDING' });
    const afterDelete = (await request(gw.url).get(`/v2/zones/${zone.id}`).set(OWNER)).body;
    expect(afterDelete.serial).toBeGreaterThan(afterCreate.serial);
    // Until propagated the deleted record set is shown, DELETE pending; once gone it is a 404.
    expect(
      (
        await request(gw.url)
          .delete(url(`/${created.body.id}`))
          .set(OWNER)
      ).status,
    ).toBe(404);
  });

  it('replaces the records on PUT, keeps name and type', async () => {
    const created = await create({ name: fqdn('put'), type: 'A', records: ['192.0.2.1'] });
    const res = await request(gw.url)
      .put(url(`/${created.body.id}`))
      .set(OWNER)
      .send({ name: fqdn('put'), type: 'A', records: ['192.0.2.2', '192.0.2.3'] });
    expect(res.status).toBe(200);
    expect(res.body.records).toEqual(['192.0.2.2', '192.0.2.3']);
    const rename = await request(gw.url)
      .put(url(`/${created.body.id}`))
      .set(OWNER)
      .send({ name: fqdn('other') });
    expect([rename.status, rename.body.type]).toEqual([400, 'invalid_object']);
  });

  it('lists with filters (data matches any record, * wildcards), links and total_count', async () => {
    await create({ name: fqdn('list1'), type: 'A', records: ['10.0.0.1', '198.51.100.1'] });
    await create({ name: fqdn('list2'), type: 'A', records: ['10.0.0.2'] });
    await create({ name: fqdn('list2'), type: 'TXT', records: ['"hello"'] });
    const names = async (query: string) =>
      (
        await request(gw.url)
          .get(url(`?${query}`))
          .set(OWNER)
      ).body.recordsets.map((r: { name: string; type: string }) => `${r.name} ${r.type}`);
    expect(await names('data=10.0.*')).toEqual([`${fqdn('list1')} A`, `${fqdn('list2')} A`]);
    expect(await names('data=198.51.100.1')).toEqual([`${fqdn('list1')} A`]);
    expect(await names('name=list2.*&type=TXT')).toEqual([`${fqdn('list2')} TXT`]);
    expect(await names('type=SOA')).toEqual([`${zone.name} SOA`]);
    const page = await request(gw.url).get(url('?limit=2')).set(OWNER);
    expect(Object.keys(page.body)).toEqual(['recordsets', 'links', 'metadata']);
    expect(page.body.links.next).toContain('marker=');
    expect(page.body.metadata.total_count).toBeGreaterThan(2);
    const sorted = await request(gw.url).get(url('?sort_key=name&sort_dir=desc&limit=max')).set(OWNER);
    const sortedNames = sorted.body.recordsets.map((r: { name: string }) => r.name);
    expect(sortedNames).toEqual([...sortedNames].sort().reverse());
  });

  it('lists every zone’s record sets at /v2/recordsets and redirects /v2/recordsets/{id}', async () => {
    const other = (
      await request(gw.url).post('/v2/zones').set(OWNER).send({ name: 'second.example.org.', email: 'a@b.c' })
    ).body;
    const rs = (
      await request(gw.url)
        .post(`/v2/zones/${other.id}/recordsets`)
        .set(OWNER)
        .send({ name: 'www.second.example.org.', type: 'A', records: ['10.0.0.9'] })
    ).body;
    const all = await request(gw.url).get('/v2/recordsets?data=10.0.*&limit=max').set(OWNER);
    const zones = new Set(all.body.recordsets.map((r: { zone_id: string }) => r.zone_id));
    expect(zones).toEqual(new Set([zone.id, other.id]));
    const redirect = await request(gw.url).get(`/v2/recordsets/${rs.id}`).set(OWNER).redirects(0);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe(`${gw.url}/v2/zones/${other.id}/recordsets/${rs.id}`);
  });

  it('never updates the SOA nor the apex NS, whatever the flags or the body (as Designate); the flag needs an admin', async () => {
    const list = (await request(gw.url).get(url('?limit=max')).set(OWNER)).body.recordsets as {
      id: string;
      type: string;
      name: string;
    }[];
    const soa = list.find((r) => r.type === 'SOA')!;
    const ns = list.find((r) => r.type === 'NS' && r.name === zone.name)!;
    const soaCreate = await create({ name: zone.name, type: 'SOA', records: ['a. b. 1 1 1 1 1'] });
    expect([soaCreate.status, soaCreate.body.type]).toEqual([400, 'bad_request']);
    for (const headers of [
      OWNER,
      { ...ADMIN, 'X-Auth-Sudo-Project-ID': 'project-rs', 'X-Designate-Edit-Managed-Records': 'true' },
    ]) {
      expect(
        (
          await request(gw.url)
            .put(url(`/${soa.id}`))
            .set(headers)
            .send({ ttl: 5 })
        ).status,
      ).toBe(400);
      expect(
        (
          await request(gw.url)
            .delete(url(`/${soa.id}`))
            .set(headers)
        ).status,
      ).toBe(400);
    }
    const rootNs = 'Updating a root zone NS record is not allowed';
    const nsUpdate = await request(gw.url)
      .put(url(`/${ns.id}`))
      .set(OWNER)
      .send({ records: ['ns9.example.net.'] });
    expect([nsUpdate.status, nsUpdate.body.message]).toEqual([400, rootNs]);
    const memberFlag = await request(gw.url)
      .put(url(`/${ns.id}`))
      .set({ ...OWNER, 'X-Designate-Edit-Managed-Records': 'true' })
      .send({ ttl: 60 });
    expect(memberFlag.status).toBe(403);
    // As in Designate, the flag does not open the apex NS nor the SOA to a PUT, whatever its body (its
    // tempest test sends a list).
    const admin = {
      ...ADMIN,
      'X-Auth-Sudo-Project-ID': 'project-rs',
      'X-Designate-Edit-Managed-Records': 'true',
    };
    for (const body of [{ ttl: 60 }, [{ records: ['ns9.example.net.'] }]]) {
      const nsByAdmin = await request(gw.url)
        .put(url(`/${ns.id}`))
        .set(admin)
        .send(body);
      expect([nsByAdmin.status, nsByAdmin.body.type, nsByAdmin.body.message]).toEqual([
        400,
        'bad_request',
        rootNs,
      ]);
      const soaByAdmin = await request(gw.url)
        .put(url(`/${soa.id}`))
        .set(admin)
        .send(body);
      expect([soaByAdmin.status, soaByAdmin.body.type]).toEqual([400, 'bad_request']);
    }
    const listToOther = await request(gw.url)
      .put(url(`/${(await create({ name: fqdn('listed'), type: 'A', records: ['192.0.2.9'] })).body.id}`))
      .set(OWNER)
      .send([]);
    expect([listToOther.status, listToOther.body.type]).toEqual([400, 'invalid_object']);
  });

  it('enforces CNAME rules, zone boundaries, child zones and (name, type) uniqueness', async () => {
    const apex = await create({ name: zone.name, type: 'CNAME', records: ['x.example.net.'] });
    expect([apex.status, apex.body.type]).toEqual([400, 'invalid_recordset_location']);
    await create({ name: fqdn('taken'), type: 'A', records: ['192.0.2.1'] });
    const beside = await create({ name: fqdn('taken'), type: 'CNAME', records: ['x.example.net.'] });
    expect([beside.status, beside.body.type]).toEqual([400, 'invalid_recordset_location']);
    await create({ name: fqdn('cname'), type: 'CNAME', records: ['x.example.net.'] });
    const besideCname = await create({ name: fqdn('cname'), type: 'TXT', records: ['"x"'] });
    expect([besideCname.status, besideCname.body.type]).toEqual([400, 'invalid_recordset_location']);
    const two = await create({
      name: fqdn('two'),
      type: 'CNAME',
      records: ['a.example.net.', 'b.example.net.'],
    });
    expect([two.status, two.body.type]).toEqual([400, 'bad_request']);
    const outside = await create({ name: 'www.example.net.', type: 'A', records: ['192.0.2.1'] });
    expect([outside.status, outside.body.type]).toEqual([400, 'invalid_recordset_location']);
    await request(gw.url).post('/v2/zones').set(OWNER).send({ name: 'child.example.com.', email: 'a@b.c' });
    const inChild = await create({ name: 'www.child.example.com.', type: 'A', records: ['192.0.2.1'] });
    expect([inChild.status, inChild.body.type]).toEqual([400, 'invalid_recordset_location']);
    const duplicate = await create({ name: fqdn('taken'), type: 'A', records: ['192.0.2.2'] });
    expect([duplicate.status, duplicate.body.type]).toEqual([409, 'duplicate_recordset']);
    const wildcard = await create({ name: `*.${zone.name}`, type: 'A', records: ['192.0.2.1'] });
    expect(wildcard.status).toBe(201);
  });

  it('enforces quotas set by an admin through /v2/quotas (413 over_quota)', async () => {
    const quotas = await request(gw.url).get('/v2/quotas').set(OWNER);
    expect(quotas.body).toEqual({
      zones: 1000,
      zone_recordsets: 100000,
      zone_records: 1000000,
      recordset_records: 1000,
      api_export_size: 100000,
    });
    expect(
      (await request(gw.url).patch('/v2/quotas/project-rs').set(OWNER).send({ recordset_records: 1 })).status,
    ).toBe(403);
    const set = await request(gw.url)
      .patch('/v2/quotas/project-rs')
      .set(ADMIN)
      .send({ recordset_records: 2, zones: 3 });
    expect(set.body).toMatchObject({ recordset_records: 2, zones: 3 });
    const tooMany = await create({
      name: fqdn('quota'),
      type: 'A',
      records: ['192.0.2.1', '192.0.2.2', '192.0.2.3'],
    });
    expect([tooMany.status, tooMany.body.type, tooMany.body.message]).toEqual([
      413,
      'over_quota',
      'Quota exceeded for recordset_records.',
    ]);
    const zoneOverQuota = await request(gw.url)
      .post('/v2/zones')
      .set(OWNER)
      .send({ name: 'fourth.example.org.', email: 'a@b.c' });
    expect([zoneOverQuota.status, zoneOverQuota.body.type]).toEqual([413, 'over_quota']);
    expect((await request(gw.url).delete('/v2/quotas/project-rs').set(ADMIN)).status).toBe(204);
    expect(
      (await create({ name: fqdn('quota'), type: 'A', records: ['192.0.2.1', '192.0.2.2', '192.0.2.3'] }))
        .status,
    ).toBe(201);
  });

  it('isolates projects (404) and keeps readers from writing (403)', async () => {
    const rs = (await create({ name: fqdn('private'), type: 'A', records: ['192.0.2.1'] })).body;
    const other = as('project-intruder');
    expect(
      (
        await request(gw.url)
          .get(url(`/${rs.id}`))
          .set(other)
      ).status,
    ).toBe(404);
    expect((await request(gw.url).get(url()).set(other)).status).toBe(404);
    expect((await create({ name: fqdn('intrude'), type: 'A', records: ['192.0.2.1'] }, other)).status).toBe(
      404,
    );
    expect(
      (
        await request(gw.url)
          .put(url(`/${rs.id}`))
          .set(other)
          .send({ ttl: 1 })
      ).status,
    ).toBe(404);
    expect(
      (
        await request(gw.url)
          .delete(url(`/${rs.id}`))
          .set(other)
      ).status,
    ).toBe(404);
    expect((await request(gw.url).get(`/v2/recordsets/${rs.id}`).set(other).redirects(0)).status).toBe(404);
    expect((await request(gw.url).get('/v2/recordsets?limit=max').set(other)).body.recordsets).toEqual([]);
    const reader = as('project-rs', 'reader');
    expect(
      (
        await request(gw.url)
          .get(url(`/${rs.id}`))
          .set(reader)
      ).status,
    ).toBe(200);
    for (const res of [
      await create({ name: fqdn('reader'), type: 'A', records: ['192.0.2.1'] }, reader),
      await request(gw.url)
        .put(url(`/${rs.id}`))
        .set(reader)
        .send({ ttl: 1 }),
      await request(gw.url)
        .delete(url(`/${rs.id}`))
        .set(reader),
    ]) {
      expect([res.status, res.body.type]).toEqual([403, 'forbidden']);
    }
  });

  /** What the zone holds, counted as the quota checks count it (managed sets and deleted ones aside). */
  const heldCounts = async () => {
    const { rows } = await gw.prisma.pg.query<{ sets: number; records: number }>(
      `SELECT count(DISTINCT s.id)::int AS sets, count(r.id)::int AS records
        FROM recordsets s LEFT JOIN records r ON r.recordset_id = s.id
        WHERE s.zone_id = $1 AND NOT s.managed AND s.action <> 'DELETE'`,
      [zone.id],
    );
    return rows[0];
  };
  const keptCounts = async () => {
    const { rows } = await gw.prisma.pg.query<{ sets: number; records: number }>(
      'SELECT recordset_count AS sets, record_count AS records FROM zones WHERE id = $1',
      [zone.id],
    );
    return rows[0];
  };

  it('enforces the zone_recordsets and zone_records quotas from counts kept with the zone', async () => {
    const held = await heldCounts();
    expect(held.sets).toBeGreaterThan(5);
    await request(gw.url)
      .patch('/v2/quotas/project-rs')
      .set(ADMIN)
      .send({ zone_recordsets: held.sets + 1, zone_records: held.records + 3 });
    try {
      const first = await create({ name: fqdn('counted1'), type: 'A', records: ['192.0.2.1'] });
      expect(first.status).toBe(201);
      const over = await create({ name: fqdn('counted2'), type: 'A', records: ['192.0.2.1'] });
      expect([over.status, over.body.message]).toEqual([413, 'Quota exceeded for zone_recordsets.']);
      // A deleted record set no longer counts.
      expect(
        (
          await request(gw.url)
            .delete(url(`/${first.body.id}`))
            .set(OWNER)
        ).status,
      ).toBe(202);
      const again = await create({ name: fqdn('counted2'), type: 'A', records: ['192.0.2.1', '192.0.2.2'] });
      expect(again.status).toBe(201);
      const tooManyRecords = await request(gw.url)
        .put(url(`/${again.body.id}`))
        .set(OWNER)
        .send({ records: ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'] });
      expect([tooManyRecords.status, tooManyRecords.body.message]).toEqual([
        413,
        'Quota exceeded for zone_records.',
      ]);
      const fits = await request(gw.url)
        .put(url(`/${again.body.id}`))
        .set(OWNER)
        .send({ records: ['192.0.2.1', '192.0.2.2', '192.0.2.3'] });
      expect(fits.status).toBe(200);
    } finally {
      await request(gw.url).delete('/v2/quotas/project-rs').set(ADMIN);
    }
  });

  it('keeps the counts in the zone equal to what the zone holds after every kind of change', async () => {
    expect(await keptCounts()).toEqual(await heldCounts());
  });
});
