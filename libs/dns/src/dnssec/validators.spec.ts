import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dsRecords } from './dnskey';
import { DnssecAlgorithm } from './keys';
import { RecordSet } from './rrsig';
import { ZoneSigner } from './zone-signer';
import { ZONE, applyDelta, exampleZone, keyPair, zonefile } from './zone.fixtures';

/**
 * The signed zone as independent validators see it: BIND's dnssec-verify and ldns-verify-zone check every
 * signature and the NSEC chain, dnssec-dsfromkey computes the DS of our DNSKEY. CI installs both
 * (bind9-utils, ldnsutils); a test skips only where its tool is absent.
 */
const present = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const withTool = (tool: string) => (present(tool) ? it : it.skip);
if (!present('ldns-verify-zone'))
  console.warn('ldns-verify-zone (ldnsutils) is not installed: its check is skipped');
if (!present('dnssec-verify'))
  console.warn('dnssec-verify (bind9-utils) is not installed: its checks are skipped');

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  return result.stdout;
}

describe.each<DnssecAlgorithm>(['ECDSAP256SHA256', 'ED25519'])('a zone signed with %s', (algorithm) => {
  const dir = mkdtempSync(join(tmpdir(), 'zonewarden-dnssec-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const keys = keyPair(algorithm);
  const zone = exampleZone(50);
  const signer = new ZoneSigner({ zone: ZONE, keys });
  const signed = signer.signZone(zone);
  const file = join(dir, 'signed.zone');
  writeFileSync(file, zonefile(zone, signed));

  // The zone after a change set, kept signed incrementally.
  const change: { upsert: RecordSet[]; remove: { name: string; type: string }[] } = {
    upsert: [
      { ...zone[0], records: ['ns1.example.com. hostmaster.example.com. 2 3600 600 86400 300'] },
      { name: `new.${ZONE}`, type: 'AAAA', ttl: 300, records: ['2001:db8::42'] },
      { name: `host.deep.ent.${ZONE}`, type: 'NS', ttl: 300, records: ['ns.example.net.'] },
      { name: `www.${ZONE}`, type: 'A', ttl: 300, records: ['192.0.2.88'] },
    ],
    remove: [
      { name: `secure.${ZONE}`, type: 'NS' },
      { name: `host7.${ZONE}`, type: 'A' },
    ],
  };
  const changedFile = join(dir, 'changed.zone');
  const changedZone = [
    ...zone.filter(
      (s) => ![...change.upsert, ...change.remove].some((c) => c.name === s.name && c.type === s.type),
    ),
    ...change.upsert,
  ];
  const changed = applyDelta(signed, signer.applyChange(change));
  writeFileSync(changedFile, zonefile(changedZone, changed));

  // Then mid-rollover: a new ZSK signing, the old one still published; a second KSK signing the keys.
  const rolledFile = join(dir, 'rolled.zone');
  const [ksk, zsk] = keys;
  const [newKsk, newZsk] = keyPair(algorithm);
  const rolled = applyDelta(changed, signer.setKeys([ksk, newKsk, { ...zsk, active: false }, newZsk]));
  writeFileSync(rolledFile, zonefile(changedZone, rolled));

  // The same zone with one record changed after signing, which both validators must reject.
  const tamperedFile = join(dir, 'tampered.zone');
  const tampered = zone.map((s) =>
    s.name === `www.${ZONE}` && s.type === 'A' ? { ...s, records: ['192.0.2.66'] } : s,
  );
  writeFileSync(tamperedFile, zonefile(tampered, signed));

  withTool('dnssec-verify')(
    'passes dnssec-verify, before and after an incremental change and a rollover step',
    () => {
      expect(run('dnssec-verify', ['-o', ZONE, file])).toContain('Zone fully signed');
      expect(run('dnssec-verify', ['-o', ZONE, changedFile])).toContain('Zone fully signed');
      expect(run('dnssec-verify', ['-o', ZONE, rolledFile])).toMatch(
        /KSKs: 2 active.*\n.*ZSKs: 1 active, 1 stand-by/,
      );
      expect(() => run('dnssec-verify', ['-o', ZONE, tamperedFile])).toThrow('failed');
    },
  );

  withTool('ldns-verify-zone')(
    'passes ldns-verify-zone, before and after an incremental change and a rollover step',
    () => {
      run('ldns-verify-zone', [file]);
      run('ldns-verify-zone', [changedFile]);
      run('ldns-verify-zone', [rolledFile]);
      expect(() => run('ldns-verify-zone', [tamperedFile])).toThrow('failed');
    },
  );

  withTool('dnssec-dsfromkey')('has the DS records dnssec-dsfromkey computes', () => {
    for (const [digest, option] of [
      [2, 'SHA-256'],
      [4, 'SHA-384'],
    ] as const) {
      const output = run('dnssec-dsfromkey', ['-a', option, '-f', file, ZONE]);
      const theirs = output
        .trim()
        .split('\n')
        .map((line) => line.split(/\s+/).slice(3).join(' ').toUpperCase());
      expect(theirs).toEqual(dsRecords(ZONE, keys, [digest]));
    }
  });
});
