import { TYPE_CODES, WireName, compareCanonical, namesIn, typeName } from '@zonewarden/dns';
import { OwnedRRset, canonicalKey } from '../zone/zone-tree';
import { signedZoneContent, zoneContent, zoneView } from '../zone/zones.fixtures';
import { Answer } from './answer';
import { answerQuery } from './chain';
import { Denial, coveringOwner, denialOwners } from './denial';

const zones = zoneView(
  signedZoneContent(
    zoneContent('example.com.', [
      'www.example.com. A 192.0.2.1',
      'a.b.c.example.com. TXT "deep"',
      '*.w.example.com. A 192.0.2.99',
      'x.y.w.example.com. A 192.0.2.98',
      '*.cw.example.com. CNAME www.example.com.',
      'alias.example.com. CNAME www.example.com.',
      'secure.example.com. NS ns.secure.example.com.',
      'secure.example.com. DS 1 13 2 ABCD',
      'ns.secure.example.com. A 192.0.2.53',
      'insecure.example.com. NS ns.elsewhere.test.',
      'mail.example.com. A 192.0.2.25',
      'example.com. MX 10 mail.example.com.',
    ]),
  ),
  zoneContent('plain.test.', ['www.plain.test. A 198.51.100.1']),
);
const [signed, plain] = zones.trees;
const name = (text: string) => WireName.fromText(text);
const owners = (denial: Denial) => denialOwners(signed, denial).map(String);

function ask(text: string, type: string, dnssec = true) {
  const answer = answerQuery(zones, {
    name: name(text),
    type: TYPE_CODES[type],
    withNameservers: false,
    minimal: false,
    dnssec,
  });
  if (!(answer instanceof Answer)) throw new Error('a zone was not loaded');
  const show = (rrsets: OwnedRRset[]) =>
    rrsets.flatMap(({ owner, rrset, rrsig }) => [
      `${owner} ${typeName(rrset.type)}`,
      ...(rrsig ? [`${owner} RRSIG ${typeName(rrset.type)}`] : []),
    ]);
  return { answer: show(answer.answer), authority: show(answer.authority), raw: answer };
}

/** The NSEC at `owner` covers `text`: owner < name < next, the next name wrapping to the apex. */
function covers(owner: string, text: string): boolean {
  const nsec = signed.nodes.get(name(owner).key)!.rrsets.get(TYPE_CODES.NSEC)!;
  const next = namesIn(nsec.rdata[0])[0];
  const after = compareCanonical(name(owner), name(text)) < 0;
  const wraps = next.equals(signed.apex);
  return after && (wraps || compareCanonical(name(text), next) < 0);
}

describe('denial of existence in a signed zone (RFC 4035 §3.1.3)', () => {
  it('sorts names by canonicalKey as compareCanonical orders them (RFC 4034 §6.1)', () => {
    // RFC 4034 §6.1's example, shuffled, with a NUL byte, a byte above 0x7f and upper case.
    const rfc = ['example', 'a.example', 'yljkjljk.a.example', 'Z.a.example', 'zABC.a.EXAMPLE', 'z.example'];
    const more = ['\\001.z.example', '*.z.example', '\\200.z.example', 'a\\000.z.example', 'a.z.example'];
    const names = [...rfc, ...more].map((text) => name(`${text}.`)).reverse();
    const byKey = [...names].sort((a, b) => (canonicalKey(a) < canonicalKey(b) ? -1 : 1)).map(String);
    expect(byKey).toEqual([...names].sort(compareCanonical).map(String));
    expect(byKey.slice(0, 6)).toEqual(rfc.map((text) => `${text}.`));
  });

  it('finds the NSEC covering a name: the last owner at or before it in canonical order', () => {
    expect(String(coveringOwner(signed, name('aaa.example.com.')))).toBe('example.com.');
    expect(String(coveringOwner(signed, name('zzz.example.com.')))).toBe('www.example.com.');
    expect(String(coveringOwner(signed, name('b.c.example.com.')))).toBe('alias.example.com.');
    expect(String(coveringOwner(signed, name('0.example.com.')))).toBe('example.com.');
    expect(String(coveringOwner(signed, name('www.example.com.')))).toBe('www.example.com.');
    for (const text of ['aaa.example.com.', 'b.c.example.com.', 'nope.www.example.com.', 'b.example.com.'])
      expect(covers(String(coveringOwner(signed, name(text))), text)).toBe(true);
  });

  it('proves NXDOMAIN with the NSEC covering the name and the one covering the wildcard', () => {
    // Closest encloser example.com.: *.example.com. sorts right after the apex.
    expect(owners({ kind: 'nxdomain', name: name('nope.example.com.') })).toEqual([
      'mail.example.com.',
      'example.com.',
    ]);
    // Below an empty non-terminal the closest encloser is the ENT: *.c.example.com.
    const deep = owners({ kind: 'nxdomain', name: name('z.c.example.com.') });
    expect(deep).toEqual(['a.b.c.example.com.', 'alias.example.com.']);
    expect(covers(deep[0], 'z.c.example.com.')).toBe(true);
    expect(covers(deep[1], '*.c.example.com.')).toBe(true);
  });

  it('proves NODATA with the name’s NSEC, an empty non-terminal’s covering one, and a wildcard’s', () => {
    expect(owners({ kind: 'nodata', name: name('www.example.com.') })).toEqual(['www.example.com.']);
    expect(owners({ kind: 'nodata', name: name('b.c.example.com.') })).toEqual(['alias.example.com.']);
    const wildcard = signed.nodes.get(name('*.w.example.com.').key);
    expect(owners({ kind: 'nodata', name: name('zz.w.example.com.'), wildcard })).toEqual([
      'x.y.w.example.com.',
      '*.w.example.com.',
    ]);
    // The wildcard's own NSEC covers q.w: one record proves both.
    expect(owners({ kind: 'nodata', name: name('q.w.example.com.'), wildcard })).toEqual([
      '*.w.example.com.',
    ]);
    expect(owners({ kind: 'wildcard', name: name('zz.w.example.com.') })).toEqual(['x.y.w.example.com.']);
    expect(denialOwners(plain, { kind: 'nxdomain', name: name('x.plain.test.') })).toEqual([]);
  });

  it('signs answers and adds the proofs to a DO query, and only to one', () => {
    expect(ask('www.example.com.', 'A')).toMatchObject({
      answer: ['www.example.com. A', 'www.example.com. RRSIG A'],
    });
    expect(ask('www.example.com.', 'A', false)).toMatchObject({ answer: ['www.example.com. A'] });
    expect(ask('nope.example.com.', 'A').authority).toEqual([
      'example.com. SOA',
      'example.com. RRSIG SOA',
      'mail.example.com. NSEC',
      'mail.example.com. RRSIG NSEC',
      'example.com. NSEC',
      'example.com. RRSIG NSEC',
    ]);
    expect(ask('nope.example.com.', 'A', false).authority).toEqual(['example.com. SOA']);
    expect(ask('zz.w.example.com.', 'A')).toMatchObject({
      answer: ['zz.w.example.com. A', 'zz.w.example.com. RRSIG A'],
      authority: ['x.y.w.example.com. NSEC', 'x.y.w.example.com. RRSIG NSEC'],
    });
    // A wildcard CNAME: the proof for the synthesised name, then the chain's target signed.
    expect(ask('q.cw.example.com.', 'A')).toMatchObject({
      answer: [
        'q.cw.example.com. CNAME',
        'q.cw.example.com. RRSIG CNAME',
        'www.example.com. A',
        'www.example.com. RRSIG A',
      ],
      authority: ['*.cw.example.com. NSEC', '*.cw.example.com. RRSIG NSEC'],
    });
  });

  it('refers with the signed DS, or the NSEC proving there is none; NS and glue unsigned', () => {
    expect(ask('host.secure.example.com.', 'A').authority).toEqual([
      'secure.example.com. NS',
      'secure.example.com. DS',
      'secure.example.com. RRSIG DS',
    ]);
    expect(ask('host.insecure.example.com.', 'A').authority).toEqual([
      'insecure.example.com. NS',
      'insecure.example.com. NSEC',
      'insecure.example.com. RRSIG NSEC',
    ]);
    expect(ask('host.insecure.example.com.', 'A', false).authority).toEqual(['insecure.example.com. NS']);
    expect(ask('insecure.example.com.', 'DS').authority).toEqual([
      'example.com. SOA',
      'example.com. RRSIG SOA',
      'insecure.example.com. NSEC',
      'insecure.example.com. RRSIG NSEC',
    ]);
  });

  it('answers DNSKEY at the apex signed by the KSK, and RRSIG queries with every signature at the name', () => {
    expect(ask('example.com.', 'DNSKEY').answer).toEqual([
      'example.com. DNSKEY',
      'example.com. RRSIG DNSKEY',
    ]);
    expect(ask('www.example.com.', 'RRSIG', false).answer).toEqual([
      'www.example.com. RRSIG',
      'www.example.com. RRSIG',
    ]);
  });
});
