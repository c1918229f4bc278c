import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DnssecMaintenanceService } from '@zonewarden/domain';
import { teardown } from '@zonewarden/testing';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';

const OWNER = as('project-dnssec');
const READER = as('project-dnssec', 'reader');
const OTHER = as('project-other');
const KEK = 'k1=a-test-secret-of-some-length';
/** Tiny rollover timings: each step is due a second after the one before. */
const TIMINGS = {
  DNSSEC_KEY_ENCRYPTION_KEYS: KEK,
  DNSSEC_DNSKEY_TTL: '1',
  DNSSEC_PROPAGATION_DELAY: '0',
  DNSSEC_ZSK_LIFETIME: '0',
  DNSSEC_KSK_RETIRE_AFTER: '1',
};

/** dnssec-verify and dnssec-dsfromkey (bind9-utils, which CI installs) judge the signed zone. */
function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  return result.stdout;
}

interface Row {
  name: string;
  type: string;
  ttl: number;
  data: string;
}

describe('DNSSEC per zone (/v2/zones/{id}/dnssec)', () => {
  let gw: GatewayHarness;
  const dir = mkdtempSync(join(tmpdir(), 'zonewarden-dnssec-e2e-'));
  const api = () => request(gw.url);
  const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

  beforeAll(async () => {
    gw = await startGateway(TIMINGS);
  });
  afterAll(() =>
    teardown(
      () => gw?.close(),
      () => rmSync(dir, { recursive: true, force: true }),
    ),
  );

  const createZone = async (name: string, headers = OWNER): Promise<string> =>
    (
      await api()
        .post('/v2/zones')
        .set(headers)
        .send({ name, email: `hostmaster@${name.slice(0, -1)}` })
        .expect(201)
    ).body.id;
  const serial = async (id: string): Promise<number> =>
    (await api().get(`/v2/zones/${id}`).set(OWNER).expect(200)).body.serial;
  const sql = async <R extends object>(text: string, values: unknown[]): Promise<R[]> =>
    (await gw.prisma.pg.query(text, values)).rows as R[];
  const signerRows = (zoneId: string) =>
    sql<Row>('SELECT name, type, ttl, data FROM zone_dnssec_records WHERE zone_id = $1 ORDER BY id', [
      zoneId,
    ]);

  /** The zone as storage serves it: live record sets, then the signer's records; written to a zonefile. */
  async function dump(zoneId: string): Promise<{ file: string; rows: Row[]; signer: Row[] }> {
    const rows = await sql<Row>(
      `SELECT s.name, s.type, COALESCE(s.ttl, z.ttl) AS ttl, r.data FROM recordsets s
         JOIN zones z ON z.id = s.zone_id JOIN records r ON r.recordset_id = s.id
       WHERE s.zone_id = $1 AND s.action <> 'DELETE'`,
      [zoneId],
    );
    const signer = await signerRows(zoneId);
    const file = join(dir, `${zoneId}-${Date.now()}-${Math.random()}.zone`);
    writeFileSync(
      file,
      [...rows, ...signer].map((r) => `${r.name} ${r.ttl} IN ${r.type} ${r.data}`).join('\n') + '\n',
    );
    return { file, rows, signer };
  }

  async function verify(zoneId: string, zoneName: string): Promise<string> {
    const { file } = await dump(zoneId);
    const output = run('dnssec-verify', ['-o', zoneName, file]);
    expect(output).toContain('Zone fully signed');
    return output;
  }

  interface Change {
    source: string;
    comment: string | null;
    previous_serial: number | null;
    serial: number;
    actor: Record<string, unknown>;
    rrsets: { name: string; type: string; before: unknown; after: unknown }[];
  }
  /** The zone's history, oldest first. */
  const changesOf = async (zoneId: string): Promise<Change[]> =>
    (await api().get(`/v2/zones/${zoneId}/changes?limit=max`).set(OWNER).expect(200)).body.changes;
  const lastChange = async (zoneId: string) => (await changesOf(zoneId)).at(-1)!;
  /** The signer's DNSKEY, CDS and CDNSKEY sets as a change shows them, in name and type order. */
  const keySets = (signer: Row[]) =>
    ['CDNSKEY', 'CDS', 'DNSKEY'].flatMap((type) => {
      const rows = signer.filter((r) => r.type === type);
      return rows.length
        ? [{ name: rows[0].name, type, ttl: rows[0].ttl, records: rows.map((r) => r.data).sort() }]
        : [];
    });

  /** RRSIGs by the RRset they cover (`owner TYPE`), their key tags. */
  const signatures = (signer: Row[]) =>
    signer
      .filter((r) => r.type === 'RRSIG')
      .map((r) => ({
        covers: `${r.name} ${r.data.split(' ')[0]}`,
        tag: Number(r.data.split(' ')[6]),
        data: r.data,
      }));

  describe('a zone signed with ECDSAP256SHA256', () => {
    const name = 'signed.example.com.';
    let id: string;

    beforeAll(async () => {
      id = await createZone(name);
      for (const [rname, type, records] of [
        [`www.${name}`, 'A', ['192.0.2.10', '192.0.2.11']],
        [name, 'MX', ['10 mail.example.com.']],
        [`child.${name}`, 'NS', ['ns1.child.signed.example.com.']],
        [`ns1.child.${name}`, 'A', ['192.0.2.53']],
        [
          `child.${name}`,
          'DS',
          ['60485 13 2 3AA5AB37EFCE57F737FC1627013FEE07BDF241BD10F3B1964AB55C78E79A304B'],
        ],
        [`*.wild.${name}`, 'TXT', ['"wildcard"']],
      ] as const)
        await api()
          .post(`/v2/zones/${id}/recordsets`)
          .set(OWNER)
          .send({ name: rname, type, records })
          .expect(201);
    });

    it('is not signed until asked: GET shows DNSSEC disabled, no keys, no DS', async () => {
      const { body } = await api().get(`/v2/zones/${id}/dnssec`).set(READER).expect(200);
      expect(body).toMatchObject({
        zone_id: id,
        enabled: false,
        state: 'DISABLED',
        keys: [],
        ds_records: [],
      });
      expect(await signerRows(id)).toEqual([]);
    });

    it('enables signing (a KSK and a ZSK, algorithm 13), the serial bumped, the zone fully signed', async () => {
      const before = await serial(id);
      const { body } = await api()
        .put(`/v2/zones/${id}/dnssec`)
        .set(OWNER)
        .send({ enabled: true })
        .expect(200);
      expect(body).toMatchObject({
        enabled: true,
        state: 'ENABLED',
        algorithm: 'ECDSAP256SHA256',
        algorithm_number: 13,
      });
      expect(
        body.keys.map((k: { key_type: string; state: string }) => `${k.key_type} ${k.state}`).sort(),
      ).toEqual(['KSK ACTIVE', 'ZSK ACTIVE']);
      expect(body.ds_records.map((ds: { digest_type: number }) => ds.digest_type)).toEqual([1, 2, 4]);
      expect(body.cds).toMatchObject({ published: true });
      expect(await serial(id)).toBeGreaterThan(before);
      const output = await verify(id, name);
      expect(output).toMatch(/KSKs: 1 active.*\n.*ZSKs: 1 active/);
      // One change in the history: the key sets it published, by whoever asked.
      const enabled = await lastChange(id);
      expect(enabled).toMatchObject({
        source: 'dnssec',
        comment: 'DNSSEC enabled (ECDSAP256SHA256)',
        previous_serial: before,
        serial: await serial(id),
        actor: {
          project_id: 'project-dnssec',
          roles: ['member'],
          request_id: expect.stringMatching(/^req-/),
        },
      });
      const dnskeys = body.keys.map((k: { dnskey: string }) => k.dnskey).sort();
      expect(enabled.rrsets).toEqual([
        { name, type: 'CDNSKEY', before: null, after: { ttl: 1, records: [...body.cds.cdnskey].sort() } },
        { name, type: 'CDS', before: null, after: { ttl: 1, records: [...body.cds.cds].sort() } },
        { name, type: 'DNSKEY', before: null, after: { ttl: 1, records: dnskeys } },
      ]);
      const changes = (await changesOf(id)).length;
      // Asking again changes nothing.
      const again = await api()
        .put(`/v2/zones/${id}/dnssec`)
        .set(OWNER)
        .send({ enabled: true, algorithm: 13 });
      expect(again.status).toBe(200);
      expect(again.body.keys).toEqual(body.keys);
      expect((await changesOf(id)).length).toBe(changes);
    });

    it('gives the DS records dnssec-dsfromkey computes from the served DNSKEY', async () => {
      const { body } = await api().get(`/v2/zones/${id}/dnssec`).set(READER).expect(200);
      const { file } = await dump(id);
      for (const [digest, option] of [
        [2, 'SHA-256'],
        [4, 'SHA-384'],
      ] as const) {
        const theirs = run('dnssec-dsfromkey', ['-a', option, '-f', file, name])
          .trim()
          .split('\n')
          .map((line) => line.split(/\s+/).slice(3).join(' ').toUpperCase());
        const ours = body.ds_records.filter((ds: { digest_type: number }) => ds.digest_type === digest);
        expect(theirs).toEqual(ours.map((ds: { rdata: string }) => ds.rdata));
      }
      const dnskeys = (await signerRows(id))
        .filter((r) => r.type === 'DNSKEY')
        .map((r) => r.data)
        .sort();
      expect(body.keys.map((k: { dnskey: string }) => k.dnskey).sort()).toEqual(dnskeys);
    });

    it('never shows a private key; storage holds it encrypted', async () => {
      const { text } = await api().get(`/v2/zones/${id}/dnssec`).set(OWNER).expect(200);
      expect(text).not.toMatch(/private/i);
      const keys = await sql<{ private_key: string }>(
        'SELECT private_key FROM zone_dnssec_keys WHERE zone_id = $1',
        [id],
      );
      expect(keys).toHaveLength(2);
      for (const key of keys) {
        expect(key.private_key).toMatch(/^v1:k1:[A-Za-z0-9_-]+$/);
        // PKCS #8 DER starts with 0x30 0x81/0x2e…: its base64 ("MI…", "MC4…") is nowhere in the column.
        expect(key.private_key).not.toMatch(/MIG|MC4C/);
      }
    });

    it('re-signs only what a record set create, update or delete changed, the SOA once, the serial bumped', async () => {
      const untouched = (rows: Row[]) =>
        signatures(rows).filter((s) => s.covers === `${name} NS` || s.covers === `${name} MX`);
      const before = await signerRows(id);
      const serialBefore = await serial(id);

      const created = await api()
        .post(`/v2/zones/${id}/recordsets`)
        .set(OWNER)
        .send({ name: `new.${name}`, type: 'AAAA', records: ['2001:db8::1'] })
        .expect(201);
      await verify(id, name);
      const afterCreate = await signerRows(id);
      expect(untouched(afterCreate)).toEqual(untouched(before));
      expect(signatures(afterCreate).filter((s) => s.covers === `${name} SOA`)).toHaveLength(1);
      expect(signatures(afterCreate).some((s) => s.covers === `new.${name} AAAA`)).toBe(true);
      expect(await serial(id)).toBeGreaterThan(serialBefore);

      const www = (
        await api().get(`/v2/zones/${id}/recordsets?name=www.${name}&type=A`).set(OWNER).expect(200)
      ).body.recordsets[0];
      const wwwSignature = signatures(afterCreate).find((s) => s.covers === `www.${name} A`);
      await api()
        .put(`/v2/zones/${id}/recordsets/${www.id}`)
        .set(OWNER)
        .send({ records: ['192.0.2.99'], ttl: 600 })
        .expect(200);
      await verify(id, name);
      const afterUpdate = await signerRows(id);
      expect(signatures(afterUpdate).find((s) => s.covers === `www.${name} A`)).not.toEqual(wwwSignature);
      expect(untouched(afterUpdate)).toEqual(untouched(before));

      await api().delete(`/v2/zones/${id}/recordsets/${created.body.id}`).set(OWNER).expect(202);
      await verify(id, name);
      const afterDelete = await signerRows(id);
      expect(afterDelete.some((r) => r.name === `new.${name}`)).toBe(false);
      expect(untouched(afterDelete)).toEqual(untouched(before));

      // A delegation removed: the names below it become the zone's, signed and chained.
      const child = (
        await api().get(`/v2/zones/${id}/recordsets?name=child.${name}&type=NS`).set(OWNER).expect(200)
      ).body.recordsets[0];
      await api().delete(`/v2/zones/${id}/recordsets/${child.id}`).set(OWNER).expect(202);
      await verify(id, name);
      expect(signatures(await signerRows(id)).some((s) => s.covers === `ns1.child.${name} A`)).toBe(true);
    });

    it('re-signs every RRset whose TTL is the zone TTL when the zone TTL changes (NSEC TTLs follow the SOA)', async () => {
      await api().patch(`/v2/zones/${id}`).set(OWNER).send({ ttl: 1200 }).expect(200);
      await verify(id, name);
      const signer = await signerRows(id);
      expect(signer.find((r) => r.type === 'RRSIG' && r.data.startsWith('SOA '))!.ttl).toBe(1200);
    });

    it('rolls the ZSK over by pre-publication, each step fully signed', async () => {
      const maintenance = gw.app.get(DnssecMaintenanceService);
      const zsks = (keys: { key_type: string }[]) => keys.filter((k) => k.key_type === 'ZSK');
      const { body: start } = await api().get(`/v2/zones/${id}/dnssec`).set(OWNER).expect(200);
      const oldZsk = zsks(start.keys)[0];

      const { body: rolling } = await api()
        .post(`/v2/zones/${id}/tasks/dnssec_rollover`)
        .set(OWNER)
        .send({ key_type: 'ZSK' })
        .expect(202);
      const newZsk = zsks(rolling.keys).find((k: { id: string }) => k.id !== oldZsk.id);
      expect(newZsk).toMatchObject({ state: 'PUBLISHED', activate_at: expect.any(String) });
      // The rollover's start is a change: the new ZSK published beside the others.
      const dnskeysOf = (keys: { dnskey: string }[]) => ({
        ttl: 1,
        records: keys.map((k) => k.dnskey).sort(),
      });
      expect(await lastChange(id)).toMatchObject({
        source: 'dnssec',
        comment: 'ZSK rollover started',
        actor: { project_id: 'project-dnssec' },
        rrsets: [{ name, type: 'DNSKEY', before: dnskeysOf(start.keys), after: dnskeysOf(rolling.keys) }],
      });
      expect(await verify(id, name)).toMatch(/ZSKs: 1 active, 1 stand-by/);
      const conflict = await api()
        .post(`/v2/zones/${id}/tasks/dnssec_rollover`)
        .set(OWNER)
        .send({ key_type: 'ZSK' });
      expect(conflict.status).toBe(409);
      expect(conflict.body).toMatchObject({ code: 409, type: 'dnssec_conflict' });

      // Not yet: the DNSKEY TTL (1 s) has not passed for `now`.
      await maintenance.maintain(id, new Date());
      expect(zsks((await api().get(`/v2/zones/${id}/dnssec`).set(OWNER)).body.keys)).toHaveLength(2);

      await maintenance.maintain(id, later(2));
      const { body: swapped } = await api().get(`/v2/zones/${id}/dnssec`).set(OWNER).expect(200);
      expect(
        zsks(swapped.keys)
          .map((k: { id: string; state: string }) => [k.id, k.state])
          .sort(),
      ).toEqual(
        [
          [oldZsk.id, 'RETIRED'],
          [newZsk.id, 'ACTIVE'],
        ].sort(),
      );
      expect(await verify(id, name)).toMatch(/ZSKs: 1 active, 1 stand-by/);
      const zskSigned = signatures(await signerRows(id)).filter(
        (s) => !/ (DNSKEY|CDS|CDNSKEY)$/.test(s.covers),
      );
      expect(new Set(zskSigned.map((s) => s.tag))).toEqual(new Set([newZsk.key_tag]));

      // The old key leaves once the largest TTL and the propagation delay passed.
      await maintenance.maintain(id, later(1300));
      const { body: done } = await api().get(`/v2/zones/${id}/dnssec`).set(OWNER).expect(200);
      expect(zsks(done.keys).map((k: { id: string; state: string }) => [k.id, k.state])).toEqual([
        [newZsk.id, 'ACTIVE'],
      ]);
      // The maintenance's steps are changes too, by nobody: the last one withdrew the old ZSK.
      expect(await lastChange(id)).toMatchObject({
        source: 'dnssec',
        comment: 'Key rollover step',
        actor: { user_id: null, project_id: null, roles: [], request_id: null, key_name: null },
        rrsets: [{ name, type: 'DNSKEY', before: dnskeysOf(swapped.keys), after: dnskeysOf(done.keys) }],
      });
      expect(await verify(id, name)).toMatch(/ZSKs: 1 active/);
    });

    it('rolls the KSK over (double-KSK): CDS/CDNSKEY and the DS for both, then the old one goes', async () => {
      const maintenance = gw.app.get(DnssecMaintenanceService);
      const ksks = (keys: { key_type: string }[]) => keys.filter((k) => k.key_type === 'KSK');
      const { body: start } = await api().get(`/v2/zones/${id}/dnssec`).set(OWNER).expect(200);
      const oldKsk = ksks(start.keys)[0];

      const { body: rolling } = await api()
        .post(`/v2/zones/${id}/tasks/dnssec_rollover`)
        .set(OWNER)
        .send({ key_type: 'KSK' })
        .expect(202);
      expect(ksks(rolling.keys)).toHaveLength(2);
      expect(rolling.ds_records).toHaveLength(6);
      expect(rolling.cds.cds).toHaveLength(2);
      expect(rolling.cds.cdnskey).toHaveLength(2);
      expect(await verify(id, name)).toMatch(/KSKs: 2 active/);
      const cds = (await signerRows(id))
        .filter((r) => r.type === 'CDS')
        .map((r) => r.data)
        .sort();
      expect(cds).toEqual([...rolling.cds.cds].sort());

      await maintenance.maintain(id, later(2));
      const { body: done } = await api().get(`/v2/zones/${id}/dnssec`).set(OWNER).expect(200);
      expect(ksks(done.keys)).toHaveLength(1);
      expect(ksks(done.keys)[0].id).not.toBe(oldKsk.id);
      expect(done.ds_records).toHaveLength(3);
      expect(await verify(id, name)).toMatch(/KSKs: 1 active/);
    });

    it('refuses another algorithm on a signed zone, and changes by a reader or another project', async () => {
      const other = await api()
        .put(`/v2/zones/${id}/dnssec`)
        .set(OWNER)
        .send({ enabled: true, algorithm: 'ED25519' });
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({ code: 409, type: 'dnssec_conflict' });
      expect((await api().put(`/v2/zones/${id}/dnssec`).set(READER).send({ enabled: false })).status).toBe(
        403,
      );
      expect((await api().get(`/v2/zones/${id}/dnssec`).set(OTHER)).status).toBe(404);
      expect((await api().put(`/v2/zones/${id}/dnssec`).set(OTHER).send({ enabled: false })).status).toBe(
        404,
      );
      expect(
        (await api().post(`/v2/zones/${id}/tasks/dnssec_rollover`).set(OTHER).send({ key_type: 'ZSK' }))
          .status,
      ).toBe(404);
      const bad = await api().put(`/v2/zones/${id}/dnssec`).set(OWNER).send({ enabled: true, algorithm: 8 });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ type: 'invalid_object' });
    });

    it('disables signing: every signer record and key removed, the DS to remove at the parent answered', async () => {
      const { body: before } = await api().get(`/v2/zones/${id}/dnssec`).set(OWNER).expect(200);
      const serialBefore = await serial(id);
      const published = keySets(await signerRows(id));
      expect(published.map((set) => set.type)).toEqual(['CDNSKEY', 'CDS', 'DNSKEY']);
      const { body } = await api()
        .put(`/v2/zones/${id}/dnssec`)
        .set(OWNER)
        .send({ enabled: false })
        .expect(200);
      expect(await lastChange(id)).toMatchObject({
        source: 'dnssec',
        comment: 'DNSSEC disabled',
        previous_serial: serialBefore,
        serial: await serial(id),
        rrsets: published.map(({ name: owner, type, ttl, records }) => ({
          name: owner,
          type,
          before: { ttl, records },
          after: null,
        })),
      });
      expect(body).toMatchObject({
        enabled: false,
        keys: [],
        ds_records: [],
        removed_ds_records: before.ds_records,
      });
      expect(await signerRows(id)).toEqual([]);
      expect(await sql('SELECT 1 FROM zone_dnssec_keys WHERE zone_id = $1', [id])).toEqual([]);
      expect(await serial(id)).toBeGreaterThan(serialBefore);
      const rollover = await api()
        .post(`/v2/zones/${id}/tasks/dnssec_rollover`)
        .set(OWNER)
        .send({ key_type: 'ZSK' });
      expect(rollover.status).toBe(409);
      expect(rollover.body).toMatchObject({ code: 409, type: 'dnssec_not_enabled' });
      // A change of the unsigned zone signs nothing.
      await api().patch(`/v2/zones/${id}`).set(OWNER).send({ ttl: 900 }).expect(200);
      expect(await signerRows(id)).toEqual([]);
    });
  });

  it('refreshes signatures about to expire when the maintenance job runs, bumping the serial', async () => {
    const name = 'refresh.example.com.';
    const id = await createZone(name);
    await api().put(`/v2/zones/${id}/dnssec`).set(OWNER).send({ enabled: true }).expect(200);
    const maintenance = gw.app.get(DnssecMaintenanceService);
    const before = signatures(await signerRows(id));
    const serialBefore = await serial(id);
    await maintenance.maintain(id, later(60));
    expect(signatures(await signerRows(id))).toEqual(before);
    // Ten days on, every signature (valid 13.5 to 14 days) is within the 5-day refresh window: all are
    // made again as at that time (which dnssec-verify, on today's clock, would call not yet valid).
    await maintenance.maintain(id, later(10 * 86_400));
    const after = signatures(await signerRows(id));
    expect(after.map((s) => s.covers).sort()).toEqual(before.map((s) => s.covers).sort());
    const expiration = (data: string) => data.split(' ')[4];
    const latestBefore = before
      .map((s) => expiration(s.data))
      .sort()
      .at(-1)!;
    for (const signature of after) expect(expiration(signature.data) > latestBefore).toBe(true);
    expect(await serial(id)).toBeGreaterThan(serialBefore);
  });

  it('signs with ED25519 (algorithm 15) on request', async () => {
    const name = 'ed25519.example.com.';
    const id = await createZone(name);
    const { body } = await api()
      .put(`/v2/zones/${id}/dnssec`)
      .set(OWNER)
      .send({ enabled: true, algorithm: 'ED25519' });
    expect(body).toMatchObject({ enabled: true, algorithm: 'ED25519', algorithm_number: 15 });
    await api()
      .post(`/v2/zones/${id}/recordsets`)
      .set(OWNER)
      .send({ name: `a.${name}`, type: 'A', records: ['192.0.2.1'] })
      .expect(201);
    await verify(id, name);
  });

  it('runs due zones claimed by next_event_at, and re-encrypts keys under a new key-encryption key', async () => {
    const name = 'rotated.example.com.';
    const id = await createZone(name);
    await api().put(`/v2/zones/${id}/dnssec`).set(OWNER).send({ enabled: true }).expect(200);
    const rotated = await startGateway(
      { ...TIMINGS, DNSSEC_KEY_ENCRYPTION_KEYS: `k2=another-test-secret-here,${KEK}` },
      undefined,
      gw.db,
    );
    try {
      const maintenance = rotated.app.get(DnssecMaintenanceService);
      expect(await maintenance.runDue()).toBe(0);
      await sql(`UPDATE zone_dnssec SET next_event_at = now() - interval '1 minute' WHERE zone_id = $1`, [
        id,
      ]);
      expect(await maintenance.runDue()).toBe(1);
      const keys = await sql<{ private_key: string }>(
        'SELECT private_key FROM zone_dnssec_keys WHERE zone_id = $1',
        [id],
      );
      expect(keys.map((k) => k.private_key.split(':')[1])).toEqual(['k2', 'k2']);
      const [{ due }] = await sql<{ due: boolean }>(
        "SELECT next_event_at > now() + interval '1 day' AS due FROM zone_dnssec WHERE zone_id = $1",
        [id],
      );
      expect(due).toBe(true);
      // The keys still sign, through the new ring.
      await request(rotated.url)
        .post(`/v2/zones/${id}/recordsets`)
        .set(OWNER)
        .send({ name: `a.${name}`, type: 'A', records: ['192.0.2.1'] })
        .expect(201);
      await verify(id, name);
    } finally {
      await rotated.close();
    }
  });

  it('answers 503 dnssec_not_configured without DNSSEC_KEY_ENCRYPTION_KEYS', async () => {
    const unconfigured = await startGateway({}, undefined, gw.db);
    try {
      const id = await createZone('unconfigured.example.com.');
      const response = await request(unconfigured.url)
        .put(`/v2/zones/${id}/dnssec`)
        .set(OWNER)
        .send({ enabled: true });
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ code: 503, type: 'dnssec_not_configured' });
      expect((await request(unconfigured.url).get(`/v2/zones/${id}/dnssec`).set(OWNER)).body.enabled).toBe(
        false,
      );
    } finally {
      await unconfigured.close();
    }
  });
});
