import { dnskeyOf, keyTag } from './dnskey';
import { DnssecAlgorithm } from './keys';
import { parseRrsig } from './rrsig';
import { DnssecRecord, ZoneSigner } from './zone-signer';
import { ZONE, applyDelta, exampleZone, keyPair, sortedKeys, verifyAll } from './zone.fixtures';

const NOW = Date.UTC(2026, 10, 25, 12);
const DAY = 86_400_000;
const POLICY = { jitter: 0 };

const nsecAt = (records: readonly DnssecRecord[], name: string) =>
  records.filter((r) => r.type === 'NSEC' && r.name === name).map((r) => r.data);
const sigsAt = (records: readonly DnssecRecord[], name: string, type: string) =>
  records.filter((r) => r.type === 'RRSIG' && r.name === name && r.data.startsWith(`${type} `));
const ownersOf = (records: readonly DnssecRecord[]) =>
  [...new Set(records.map((r) => `${r.name} ${r.type}`))].sort();

describe.each<DnssecAlgorithm>(['ECDSAP256SHA256', 'ED25519'])('ZoneSigner with %s', (algorithm) => {
  const keys = keyPair(algorithm);
  let clock = NOW;
  const signer = () => new ZoneSigner({ zone: ZONE, keys, policy: POLICY, now: () => clock });

  beforeEach(() => {
    clock = NOW;
  });

  describe('signing a whole zone', () => {
    const zone = exampleZone();
    const records = signer().signZone(zone);

    it('signs the key RRsets with the KSK and every other authoritative RRset with the ZSK', () => {
      const signed = verifyAll(zone, records, keys);
      expect([...signed.KSK].sort()).toEqual([`${ZONE} CDNSKEY`, `${ZONE} CDS`, `${ZONE} DNSKEY`]);
      expect(signed.ZSK).toContain(`${ZONE} SOA`);
      expect(signed.ZSK).toContain(`${ZONE} NS`);
      expect(signed.ZSK).toContain(`*.wild.${ZONE} TXT`);
      expect(signed.ZSK).toContain(`secure.${ZONE} DS`);
      expect(signed.ZSK).toContain(`host.deep.ent.${ZONE} NSEC`);
      for (const unsigned of [
        `secure.${ZONE} NS`,
        `insecure.${ZONE} NS`,
        `ns1.secure.${ZONE} A`,
        `ns.insecure.${ZONE} A`,
      ])
        expect(signed.ZSK).not.toContain(unsigned);
    });

    it('publishes both keys, and CDS/CDNSKEY of the KSK', () => {
      const dnskeys = records.filter((r) => r.type === 'DNSKEY').map((r) => r.data.split(' ')[0]);
      expect(dnskeys.sort()).toEqual(['256', '257']);
      expect(records.filter((r) => r.type === 'CDNSKEY').map((r) => r.data.split(' ')[0])).toEqual(['257']);
      expect(records.filter((r) => r.type === 'CDS').map((r) => r.data.split(' ')[2])).toEqual(['2']);
    });

    it('chains the authoritative names and delegations in canonical order, skipping glue and ENTs', () => {
      const chain = records.filter((r) => r.type === 'NSEC');
      expect(nsecAt(records, ZONE)).toEqual([
        `_sip._tcp.${ZONE} A NS SOA MX TXT AAAA RRSIG NSEC DNSKEY CDS CDNSKEY CAA`,
      ]);
      expect(nsecAt(records, `secure.${ZONE}`)).toEqual([`sip.${ZONE} NS DS RRSIG NSEC`]);
      expect(nsecAt(records, `insecure.${ZONE}`)).toEqual([`mail.${ZONE} NS RRSIG NSEC`]);
      expect(nsecAt(records, `*.wild.${ZONE}`)).toEqual([`www.${ZONE} A TXT RRSIG NSEC`]);
      expect(nsecAt(records, `deep.ent.${ZONE}`)).toEqual([]);
      expect(nsecAt(records, `ns1.secure.${ZONE}`)).toEqual([]);
      // A ring: every owner is some record's next name once.
      const nexts = chain.map((r) => r.data.split(' ')[0]).sort();
      expect(nexts).toEqual(chain.map((r) => r.name).sort());
      expect(new Set(chain.map((r) => r.ttl))).toEqual(new Set([300]));
    });

    it('counts a wildcard owner without its *', () => {
      const [rrsig] = sigsAt(records, `*.wild.${ZONE}`, 'A');
      expect(parseRrsig(rrsig.data).labels).toBe(3);
    });

    it('dates signatures from the skew before now to the validity after', () => {
      const rrsig = parseRrsig(sigsAt(records, ZONE, 'SOA')[0].data);
      expect(rrsig.inception).toBe(NOW / 1000 - 3600);
      expect(rrsig.expiration).toBe(NOW / 1000 + 14 * 86_400);
    });
  });

  describe('applying a change', () => {
    /** Signs `before`, applies `change`, and checks the result is what signing `after` afresh gives. */
    function change(before: ReturnType<typeof exampleZone>, ops: Parameters<ZoneSigner['applyChange']>[0]) {
      const zoneSigner = signer();
      const records = zoneSigner.signZone(before);
      const delta = zoneSigner.applyChange(ops);
      const updated = applyDelta(records, delta);
      expect(sortedKeys(updated)).toEqual(sortedKeys(zoneSigner.records()));
      const removed = new Set((ops.remove ?? []).map((r) => `${r.name} ${r.type}`));
      const upserted = new Map((ops.upsert ?? []).map((s) => [`${s.name} ${s.type}`, s]));
      const after = [
        ...before.filter((s) => !removed.has(`${s.name} ${s.type}`) && !upserted.has(`${s.name} ${s.type}`)),
        ...upserted.values(),
      ];
      verifyAll(after, updated, keys);
      const fresh = signer().signZone(after);
      const unsigned = (list: DnssecRecord[]) => sortedKeys(list.filter((r) => r.type !== 'RRSIG'));
      expect(unsigned(updated)).toEqual(unsigned(fresh));
      expect(ownersOf(updated.filter((r) => r.type === 'RRSIG'))).toEqual(
        ownersOf(fresh.filter((r) => r.type === 'RRSIG')),
      );
      const covered = (list: DnssecRecord[]) =>
        list
          .filter((r) => r.type === 'RRSIG')
          .map((r) => `${r.name} ${r.data.split(' ')[0]}`)
          .sort();
      expect(covered(updated)).toEqual(covered(fresh));
      return delta;
    }

    const zone = exampleZone(3);
    const soa = { ...zone[0], records: ['ns1.example.com. hostmaster.example.com. 2 3600 600 86400 300'] };

    it('adds a name: its signatures, its NSEC, its predecessor NSEC, the SOA signed once', () => {
      const added = { name: `ftp.${ZONE}`, type: 'A', ttl: 600, records: ['192.0.2.21'] };
      const delta = change(zone, { upsert: [added, soa] });
      expect(ownersOf(delta.add)).toEqual(
        [
          `${ZONE} RRSIG`,
          `ftp.${ZONE} NSEC`,
          `ftp.${ZONE} RRSIG`,
          `host.deep.ent.${ZONE} NSEC`,
          `host.deep.ent.${ZONE} RRSIG`,
        ].sort(),
      );
      expect(sigsAt(delta.add, ZONE, 'SOA')).toHaveLength(1);
      expect(delta.add.filter((r) => r.type === 'RRSIG')).toHaveLength(4);
      const predecessor = `host.deep.ent.${ZONE}`;
      expect(ownersOf(delta.remove)).toEqual(
        [`${ZONE} RRSIG`, `${predecessor} NSEC`, `${predecessor} RRSIG`].sort(),
      );
      expect(nsecAt(delta.add, `ftp.${ZONE}`)).toEqual([`host0.${ZONE} A RRSIG NSEC`]);
      expect(nsecAt(delta.add, predecessor)).toEqual([`ftp.${ZONE} A RRSIG NSEC`]);
    });

    it('changes an RRset: only its signature', () => {
      const www = { name: `www.${ZONE}`, type: 'A', ttl: 3600, records: ['192.0.2.82'] };
      const delta = change(zone, { upsert: [www] });
      expect(delta.add.map((r) => r.data.split(' ')[0])).toEqual(['A']);
      expect(delta.remove.map((r) => `${r.name} ${r.data.split(' ')[0]}`)).toEqual([`www.${ZONE} A`]);
    });

    it('adds a type at a name: its signature and the name NSEC', () => {
      const txt = { name: `mail.${ZONE}`, type: 'TXT', ttl: 3600, records: ['"mail"'] };
      const delta = change(zone, { upsert: [txt] });
      expect(nsecAt(delta.add, `mail.${ZONE}`)).toEqual([`ns1.${ZONE} A TXT RRSIG NSEC`]);
      expect(delta.remove.filter((r) => r.type === 'NSEC')).toHaveLength(1);
    });

    it('removes a name and empty non-terminals with it', () => {
      const delta = change(zone, { remove: [{ name: `host.deep.ent.${ZONE}`, type: 'A' }] });
      expect(nsecAt(delta.remove, `host.deep.ent.${ZONE}`)).toHaveLength(1);
      expect(nsecAt(delta.add, `alias.${ZONE}`)).toEqual([`host0.${ZONE} CNAME RRSIG NSEC`]);
    });

    it('delegates a name with data below it: the data becomes glue, unsigned and unchained', () => {
      const ns = { name: `deep.ent.${ZONE}`, type: 'NS', ttl: 3600, records: [`ns.deep.ent.${ZONE}`] };
      const delta = change(zone, { upsert: [ns] });
      expect(sigsAt(delta.remove, `host.deep.ent.${ZONE}`, 'A')).toHaveLength(1);
      expect(nsecAt(delta.add, `deep.ent.${ZONE}`)).toEqual([`host0.${ZONE} NS RRSIG NSEC`]);
      expect(delta.add.filter((r) => r.name === `host.deep.ent.${ZONE}`)).toEqual([]);
    });

    it('adds a DS to a delegation, and removes a delegation so its glue becomes data', () => {
      const ds = { name: `insecure.${ZONE}`, type: 'DS', ttl: 3600, records: ['1 13 2 ' + 'AB'.repeat(32)] };
      const withDs = change(zone, { upsert: [ds] });
      expect(nsecAt(withDs.add, `insecure.${ZONE}`)).toEqual([`mail.${ZONE} NS DS RRSIG NSEC`]);
      const gone = change(zone, { remove: [{ name: `secure.${ZONE}`, type: 'NS' }] });
      expect(nsecAt(gone.add, `secure.${ZONE}`)).toEqual([`ns1.secure.${ZONE} DS RRSIG NSEC`]);
      expect(sigsAt(gone.add, `ns1.secure.${ZONE}`, 'AAAA')).toHaveLength(1);
    });

    it('renews every NSEC when the SOA changes their TTL', () => {
      const lower = { ...zone[0], records: ['ns1.example.com. hostmaster.example.com. 2 3600 600 86400 60'] };
      const delta = change(zone, { upsert: [lower] });
      expect(new Set(delta.add.filter((r) => r.type === 'NSEC').map((r) => r.ttl))).toEqual(new Set([60]));
    });

    it('refuses the signer own types, names outside the zone, and losing the SOA', () => {
      const zoneSigner = signer();
      zoneSigner.signZone(zone);
      const rrsig = { name: `www.${ZONE}`, type: 'RRSIG', ttl: 1, records: ['x'] };
      expect(() => zoneSigner.applyChange({ upsert: [rrsig] })).toThrow(
        "RRSIG records at www.example.com. are the signer's",
      );
      expect(() => zoneSigner.applyChange({ remove: [{ name: ZONE, type: 'DNSKEY' }] })).toThrow(
        'are the signer',
      );
      const outside = { name: 'www.example.org.', type: 'A', ttl: 1, records: ['192.0.2.1'] };
      expect(() => zoneSigner.applyChange({ upsert: [outside] })).toThrow('not in the zone');
      expect(() => signer().signZone(zone.slice(1))).toThrow('has no SOA');
      expect(() => zoneSigner.applyChange({ remove: [{ name: ZONE, type: 'SOA' }] })).toThrow(
        'cannot lose its SOA',
      );
    });

    it('leaves the zone as it was when a change set is refused', () => {
      const zoneSigner = signer();
      const records = zoneSigner.signZone(zone);
      const added = { name: `ftp.${ZONE}`, type: 'A', ttl: 600, records: ['192.0.2.21'] };
      const outside = { name: 'www.example.org.', type: 'A', ttl: 1, records: ['192.0.2.1'] };
      expect(() => zoneSigner.applyChange({ upsert: [added, outside] })).toThrow('not in the zone');
      expect(sortedKeys(zoneSigner.records())).toEqual(sortedKeys(records));
      expect(zoneSigner.applyChange({ upsert: [added] }).add.length).toBeGreaterThan(0);
    });

    it('occludes the names below a new DNAME and brings them back when it goes', () => {
      const dname = { name: `deep.ent.${ZONE}`, type: 'DNAME', ttl: 3600, records: ['example.net.'] };
      const delta = change(zone, { upsert: [dname] });
      expect(nsecAt(delta.remove, `host.deep.ent.${ZONE}`)).toHaveLength(1);
      expect(nsecAt(delta.add, `deep.ent.${ZONE}`)).toEqual([`host0.${ZONE} DNAME RRSIG NSEC`]);
      expect(sigsAt(delta.add, `deep.ent.${ZONE}`, 'DNAME')).toHaveLength(1);
      const withDname = [...zone, dname];
      const back = change(withDname, { remove: [{ name: dname.name, type: 'DNAME' }] });
      expect(sigsAt(back.add, `host.deep.ent.${ZONE}`, 'A')).toHaveLength(1);
    });
  });

  describe('refreshing signatures', () => {
    it('re-makes only what expires within the refresh window', () => {
      const zoneSigner = signer();
      const records = zoneSigner.signZone(exampleZone(3));
      clock = NOW + 8 * DAY;
      expect(zoneSigner.refresh()).toEqual({ add: [], remove: [] });
      const www = { name: `www.${ZONE}`, type: 'A', ttl: 3600, records: ['192.0.2.82'] };
      const changed = applyDelta(records, zoneSigner.applyChange({ upsert: [www] }));
      clock = NOW + 10 * DAY;
      const delta = zoneSigner.refresh();
      const rrsigs = changed.filter((r) => r.type === 'RRSIG');
      expect(delta.remove).toHaveLength(rrsigs.length - 1);
      expect(sigsAt(delta.remove, `www.${ZONE}`, 'A')).toEqual([]);
      const renewed = applyDelta(changed, delta);
      verifyAll(
        exampleZone(3).map((s) => (s.name === www.name && s.type === 'A' ? www : s)),
        renewed,
        keys,
      );
      for (const r of renewed.filter((r) => r.type === 'RRSIG'))
        expect(parseRrsig(r.data).expiration).toBeGreaterThan((NOW + 15 * DAY) / 1000);
    });

    it('spreads expirations by the jitter', () => {
      const zoneSigner = new ZoneSigner({ zone: ZONE, keys, policy: { jitter: 86_400 }, now: () => NOW });
      const expirations = zoneSigner
        .signZone(exampleZone(30))
        .filter((r) => r.type === 'RRSIG')
        .map((r) => parseRrsig(r.data).expiration);
      expect(new Set(expirations).size).toBeGreaterThan(10);
      expect(Math.min(...expirations)).toBeGreaterThanOrEqual(NOW / 1000 + 13 * 86_400);
    });

    it('refuses a refresh window as long as the validity', () => {
      expect(
        () => new ZoneSigner({ zone: ZONE, keys, policy: { validity: 86_400, refresh: 86_400 } }),
      ).toThrow('shorter than the signature validity');
    });
  });

  it('restores a signed zone and goes on from it', () => {
    const zone = exampleZone(3);
    const records = signer().signZone(zone);
    const restored = signer();
    restored.restore(zone, records);
    expect(sortedKeys(restored.records())).toEqual(sortedKeys(records));
    const added = { name: `ftp.${ZONE}`, type: 'A', ttl: 600, records: ['192.0.2.21'] };
    const updated = applyDelta(records, restored.applyChange({ upsert: [added] }));
    verifyAll([...zone, added], updated, keys);
    expect(nsecAt(updated, `host.deep.ent.${ZONE}`)).toEqual([`ftp.${ZONE} A RRSIG NSEC`]);
  });
});

describe('ZoneSigner rollovers', () => {
  const zone = exampleZone(3);
  const [ksk, zsk] = keyPair('ECDSAP256SHA256');
  const [newKsk, newZsk] = keyPair('ECDSAP256SHA256');
  const signedBy = (records: DnssecRecord[], role: 'KSK' | 'ZSK') =>
    [...verifyAll(zone, records, [ksk, zsk, newKsk, newZsk])[role]].length;
  const tagsOf = (records: DnssecRecord[]) =>
    new Set(records.filter((r) => r.type === 'RRSIG').map((r) => r.data.split(' ')[6]));

  it('pre-publishes a ZSK, switches to it, and retires the old one (RFC 6781 §4.1.1.1)', () => {
    const signer = new ZoneSigner({ zone: ZONE, keys: [ksk, zsk] });
    let records = signer.signZone(zone);
    const rrsigs = records.filter((r) => r.type === 'RRSIG').length;

    const published = signer.setKeys([ksk, zsk, { ...newZsk, active: false }]);
    expect(ownersOf(published.add)).toEqual([`${ZONE} DNSKEY`, `${ZONE} RRSIG`]);
    expect(published.add.filter((r) => r.type === 'DNSKEY')).toHaveLength(1);
    expect(published.remove.map((r) => r.data.split(' ')[0])).toEqual(['DNSKEY']);
    records = applyDelta(records, published);

    const switched = signer.setKeys([ksk, { ...zsk, active: false }, newZsk]);
    expect(switched.add.filter((r) => r.type === 'DNSKEY')).toEqual([]);
    expect(switched.remove).toHaveLength(rrsigs - 3);
    records = applyDelta(records, switched);
    expect(sortedKeys(records)).toEqual(sortedKeys(signer.records()));
    expect(tagsOf(switched.add)).toEqual(new Set([String(keyTag(dnskeyOf(newZsk)))]));

    records = applyDelta(records, signer.setKeys([ksk, newZsk]));
    expect(records.filter((r) => r.type === 'DNSKEY')).toHaveLength(2);
    expect(signedBy(records, 'KSK')).toBe(3);
    expect(signedBy(records, 'ZSK')).toBeGreaterThan(10);
    expect(sortedKeys(records)).toEqual(sortedKeys(signer.records()));
  });

  it('rolls the KSK with both signing the key RRsets and CDS naming both (RFC 6781 §4.1.2, RFC 7344)', () => {
    const signer = new ZoneSigner({ zone: ZONE, keys: [ksk, zsk] });
    let records = signer.signZone(zone);
    const both = signer.setKeys([ksk, zsk, newKsk]);
    records = applyDelta(records, both);
    expect(records.filter((r) => r.type === 'CDS')).toHaveLength(2);
    expect(sigsAt(records, ZONE, 'DNSKEY')).toHaveLength(2);
    expect(sigsAt(records, ZONE, 'SOA')).toHaveLength(1);
    expect(both.remove.every((r) => r.name === ZONE)).toBe(true);
    records = applyDelta(records, signer.setKeys([newKsk, zsk]));
    expect(records.filter((r) => r.type === 'CDS').map((r) => r.data.split(' ')[0])).toEqual([
      String(keyTag(dnskeyOf(newKsk))),
    ]);
    verifyAll(zone, records, [newKsk, zsk]);
    expect(sortedKeys(records)).toEqual(sortedKeys(signer.records()));
    expect(() => signer.setKeys([{ ...zsk, active: false }])).toThrow('has no active key');
  });
});

describe('ZoneSigner keys', () => {
  const zone = exampleZone(2);

  it('signs everything with a lone KSK (a combined signing key)', () => {
    const [ksk] = keyPair('ED25519');
    const records = new ZoneSigner({ zone: ZONE, keys: [ksk] }).signZone(zone);
    const signed = verifyAll(zone, records, [ksk]);
    expect(signed.KSK).toContain(`${ZONE} SOA`);
  });

  it('publishes a pre-published ZSK without signing with it', () => {
    const [ksk, zsk] = keyPair('ECDSAP256SHA256');
    const next = { ...keyPair('ECDSAP256SHA256')[1], active: false };
    const records = new ZoneSigner({ zone: ZONE, keys: [ksk, zsk, next] }).signZone(zone);
    expect(records.filter((r) => r.type === 'DNSKEY')).toHaveLength(3);
    const signed = verifyAll(zone, records, [ksk, zsk]);
    expect(signed.ZSK.size).toBeGreaterThan(5);
  });

  it('leaves CDS and CDNSKEY out when no digest is asked for', () => {
    const records = new ZoneSigner({
      zone: ZONE,
      keys: keyPair('ED25519'),
      policy: { cdsDigests: [] },
    }).signZone(zone);
    expect(records.filter((r) => r.type === 'CDS' || r.type === 'CDNSKEY')).toEqual([]);
    expect(nsecAt(records, ZONE)[0]).not.toContain('CDS');
  });

  it('refuses to sign without an active private key', () => {
    const [ksk] = keyPair('ED25519');
    expect(() => new ZoneSigner({ zone: ZONE, keys: [{ ...ksk, active: false }] }).signZone(zone)).toThrow(
      'has no active key',
    );
  });
});
