import { RCODE, TYPE_CODES, WireName, rcodeName, rdataBytes, typeName } from '@zonewarden/dns';
import { OwnedRRset } from '../zone/zone-tree';
import { zoneContent, zoneView } from '../zone/zones.fixtures';
import { Answer } from './answer';
import { MAX_CHAIN_LINKS, answerQuery } from './chain';

const chain = (from: number, to: number, zone: string) =>
  Array.from({ length: to - from }, (_, i) => `c${from + i}.${zone} CNAME c${from + i + 1}.${zone}`);

const zones = zoneView(
  zoneContent('example.com.', [
    'www.example.com. A 192.0.2.1',
    'www.example.com. A 192.0.2.2',
    'example.com. MX 10 mail.example.com.',
    'mail.example.com. A 192.0.2.25',
    'mail.example.com. AAAA 2001:db8::25',
    'a.b.c.example.com. TXT "deep"',
    '*.w.example.com. A 192.0.2.99',
    'x.y.w.example.com. A 192.0.2.98',
    '*.cw.example.com. CNAME www.example.com.',
    '*.loop.example.com. CNAME *.loop.example.com.',
    'alias.example.com. CNAME www.example.com.',
    'one.example.com. CNAME two.example.com.',
    'two.example.com. CNAME one.example.com.',
    'self.example.com. CNAME self.example.com.',
    'dangling.example.com. CNAME missing.example.com.',
    'out.example.com. CNAME www.example.org.',
    'other.example.com. CNAME www.other.test.',
    'sub.example.com. NS ns.sub.example.com.',
    'sub.example.com. NS ns.sibling.example.com.',
    'sub.example.com. NS ns.elsewhere.test.',
    'sub.example.com. NS ns.deleg2.example.com.',
    'deleg2.example.com. NS ns.deleg2.example.com.',
    'ns.deleg2.example.com. A 192.0.2.55',
    'tochild.example.com. CNAME x.child.example.com.',
    'todeleg.example.com. CNAME host.sub.example.com.',
    'svc.example.com. HTTPS 1 . alpn=h2',
    'svc.example.com. AAAA 2001:db8::443',
    'alias.svc.example.com. HTTPS 0 svc.example.com.',
    'mxwild.example.com. MX 10 mx.w.example.com.',
    '*.w.example.com. HTTPS 1 . alpn=h2',
    'dsonly.example.com. DS 3 13 2 ABCD',
    'mxglue.example.com. MX 10 ns.sub.example.com.',
    'sub.example.com. DS 1 13 2 ABCD',
    'ns.sub.example.com. A 192.0.2.53',
    'ns.sibling.example.com. A 192.0.2.54',
    'child.example.com. NS ns1.example.com.',
    'child.example.com. DS 2 13 2 ABCD',
    'dn.example.com. DNAME other.test.',
    'inner.example.com. DNAME w.example.com.',
    'selfdn.example.com. DNAME selfdn.example.com.',
    `long.example.com. DNAME ${'x'.repeat(60)}.${'y'.repeat(60)}.${'z'.repeat(60)}.test.`,
    ...chain(0, MAX_CHAIN_LINKS, 'example.com.'),
    `c${MAX_CHAIN_LINKS}.example.com. A 192.0.2.16`,
    ...chain(100, 101 + MAX_CHAIN_LINKS, 'example.com.'),
    `c${101 + MAX_CHAIN_LINKS}.example.com. A 192.0.2.17`,
  ]),
  zoneContent('other.test.', ['www.other.test. A 198.51.100.1']),
  zoneContent('child.example.com.', ['x.child.example.com. A 192.0.2.77']),
);

const show = (rrsets: OwnedRRset[]) =>
  rrsets.flatMap(({ owner, rrset }) =>
    rrset.rdata.map((r) => `${owner} ${rrset.ttl} ${typeName(rrset.type)} ${rdataBytes(r).toString('hex')}`),
  );
const names = (rrsets: OwnedRRset[]) => rrsets.map(({ owner, rrset }) => `${owner} ${typeName(rrset.type)}`);

function ask(name: string, type: string, withNameservers = false, minimal = false) {
  const query = { name: WireName.fromText(name), type: TYPE_CODES[type], withNameservers, minimal };
  const answer = answerQuery(zones, query);
  if (!(answer instanceof Answer)) throw new Error('a zone was not loaded');
  return {
    rcode: rcodeName(answer.rcode),
    aa: answer.authoritative,
    answer: names(answer.answer),
    authority: names(answer.authority),
    additional: names(answer.additional),
    raw: answer,
  };
}

describe('answerQuery', () => {
  it('answers a record set under the owner name the zone has, with AA', () => {
    expect(ask('WWW.example.com.', 'A')).toMatchObject({
      rcode: 'NOERROR',
      aa: true,
      answer: ['www.example.com. A'],
      authority: [],
    });
    expect(show(ask('www.example.com.', 'A').raw.answer)).toEqual([
      'www.example.com. 300 A c0000201',
      'www.example.com. 300 A c0000202',
    ]);
  });

  it('adds the addresses of MX targets, and when asked the zone NS and its addresses', () => {
    expect(ask('example.com.', 'MX')).toMatchObject({
      authority: [],
      additional: ['mail.example.com. A', 'mail.example.com. AAAA'],
    });
    expect(ask('example.com.', 'MX', true)).toMatchObject({
      authority: ['example.com. NS'],
      additional: ['mail.example.com. A', 'mail.example.com. AAAA', 'ns1.example.com. A'],
    });
    expect(ask('example.com.', 'NS', true)).toMatchObject({
      answer: ['example.com. NS'],
      authority: [],
      additional: ['ns1.example.com. A'],
    });
  });

  it('answers NODATA and NXDOMAIN with the SOA at the negative TTL (RFC 2308)', () => {
    const nodata = ask('www.example.com.', 'AAAA', true);
    expect(nodata).toMatchObject({ rcode: 'NOERROR', aa: true, answer: [], authority: ['example.com. SOA'] });
    expect(nodata.raw.authority[0].rrset.ttl).toBe(60);
    expect(ask('nope.example.com.', 'A')).toMatchObject({
      rcode: 'NXDOMAIN',
      authority: ['example.com. SOA'],
    });
    // An empty non-terminal exists: NODATA.
    expect(ask('b.c.example.com.', 'A')).toMatchObject({ rcode: 'NOERROR', authority: ['example.com. SOA'] });
  });

  it('synthesizes from a wildcard under the query name, except where a name exists (RFC 4592)', () => {
    expect(ask('Any.W.example.com.', 'A')).toMatchObject({ answer: ['Any.W.example.com. A'] });
    expect(ask('a.b.w.example.com.', 'A').answer).toEqual(['a.b.w.example.com. A']);
    // y.w exists (an empty non-terminal above x.y.w): below it the wildcard does not apply.
    expect(ask('z.y.w.example.com.', 'A')).toMatchObject({ rcode: 'NXDOMAIN' });
    expect(ask('y.w.example.com.', 'A')).toMatchObject({ rcode: 'NOERROR', answer: [] });
    expect(ask('q.w.example.com.', 'TXT')).toMatchObject({
      rcode: 'NOERROR',
      authority: ['example.com. SOA'],
    });
    expect(ask('q.cw.example.com.', 'A').answer).toEqual(['q.cw.example.com. CNAME', 'www.example.com. A']);
  });

  it('follows CNAME chains within the zone; into another zone (served here or not) it ends, as BIND', () => {
    expect(ask('alias.example.com.', 'A').answer).toEqual(['alias.example.com. CNAME', 'www.example.com. A']);
    expect(ask('alias.example.com.', 'CNAME').answer).toEqual(['alias.example.com. CNAME']);
    for (const name of ['other.example.com.', 'out.example.com.', 'tochild.example.com.']) {
      expect(ask(name, 'A', true)).toMatchObject({
        rcode: 'NOERROR',
        aa: true,
        answer: [`${name} CNAME`],
        authority: [],
      });
    }
    expect(ask('dangling.example.com.', 'A')).toMatchObject({
      rcode: 'NXDOMAIN',
      answer: ['dangling.example.com. CNAME'],
      authority: ['example.com. SOA'],
    });
    // Into a delegation of the zone: the referral follows the CNAME, still authoritative for it.
    expect(ask('todeleg.example.com.', 'A')).toMatchObject({
      aa: true,
      answer: ['todeleg.example.com. CNAME'],
      authority: ['sub.example.com. NS'],
    });
    // NSEC and RRSIG live beside a CNAME (RFC 4035 §2.5): no chain for them.
    expect(ask('alias.example.com.', 'NSEC')).toMatchObject({ answer: [], authority: ['example.com. SOA'] });
  });

  it('answers SERVFAIL to loops with each CNAME once, and to chains over the limit', () => {
    expect(ask('one.example.com.', 'A')).toMatchObject({
      rcode: 'SERVFAIL',
      answer: ['one.example.com. CNAME', 'two.example.com. CNAME'],
    });
    expect(ask('self.example.com.', 'A')).toMatchObject({
      rcode: 'SERVFAIL',
      answer: ['self.example.com. CNAME'],
    });
    expect(ask('x.loop.example.com.', 'A')).toMatchObject({
      rcode: 'SERVFAIL',
      answer: ['x.loop.example.com. CNAME', '*.loop.example.com. CNAME'],
    });
    const longest = ask('c0.example.com.', 'A');
    expect(longest.rcode).toBe('NOERROR');
    expect(longest.answer).toHaveLength(MAX_CHAIN_LINKS + 1);
    expect(ask('c100.example.com.', 'A').rcode).toBe('SERVFAIL');
  });

  it('substitutes DNAMEs (RFC 6672): the DNAME, a synthesized CNAME, then the target in the zone', () => {
    expect(ask('a.Inner.example.com.', 'A')).toMatchObject({
      rcode: 'NOERROR',
      answer: ['inner.example.com. DNAME', 'a.Inner.example.com. CNAME', 'a.w.example.com. A'],
    });
    const answer = ask('www.DN.example.com.', 'A');
    expect(answer).toMatchObject({
      rcode: 'NOERROR',
      answer: ['dn.example.com. DNAME', 'www.DN.example.com. CNAME'],
    });
    expect(show([answer.raw.answer[1]])[0]).toContain(
      WireName.fromText('www.other.test.').toWire().toString('hex'),
    );
    expect(ask('dn.example.com.', 'A')).toMatchObject({ rcode: 'NOERROR', answer: [] });
    expect(ask('x.selfdn.example.com.', 'A')).toMatchObject({
      rcode: 'SERVFAIL',
      answer: ['selfdn.example.com. DNAME', 'x.selfdn.example.com. CNAME'],
    });
    const tooLong = `${'a'.repeat(63)}.${'b'.repeat(40)}.long.example.com.`;
    expect(ask(tooLong, 'A')).toMatchObject({ rcode: 'YXDOMAIN', answer: ['long.example.com. DNAME'] });
  });

  it('refers below a delegation with glue: below it (required), below another delegation (optional)', () => {
    const referral = ask('host.sub.example.com.', 'A');
    expect(referral).toMatchObject({
      rcode: 'NOERROR',
      aa: false,
      answer: [],
      authority: ['sub.example.com. NS'],
      // ns.sibling.example.com is the zone's own data, not glue: none for it (as BIND).
      additional: ['ns.sub.example.com. A', 'ns.deleg2.example.com. A'],
    });
    expect(referral.raw.additional.map((r) => r.required ?? false)).toEqual([true, false]);
    expect(ask('sub.example.com.', 'NS').aa).toBe(false);
  });

  it('adds additional data from the zone itself: wildcards yes, glue below a delegation no', () => {
    expect(ask('mxwild.example.com.', 'MX').additional).toEqual(['mx.w.example.com. A']);
    expect(ask('mxglue.example.com.', 'MX').additional).toEqual([]);
  });

  it('adds the addresses of SVCB/HTTPS targets, the owner for `.`, an alias target’s own HTTPS (RFC 9460)', () => {
    expect(ask('svc.example.com.', 'HTTPS').additional).toEqual(['svc.example.com. AAAA']);
    expect(ask('alias.svc.example.com.', 'HTTPS').additional).toEqual([
      'svc.example.com. AAAA',
      'svc.example.com. HTTPS',
    ]);
  });

  it('adds no owner addresses for `.` where the owner is no host name (a wildcard), as BIND', () => {
    expect(ask('q.w.example.com.', 'HTTPS').additional).toEqual(['q.w.example.com. A']);
    expect(ask('*.w.example.com.', 'HTTPS').additional).toEqual([]);
  });

  it('leaves DS out of ANY: a name with only a DS answers nothing, not even the zone NS (as BIND)', () => {
    expect(ask('dsonly.example.com.', 'ANY', true)).toMatchObject({
      rcode: 'NOERROR',
      answer: [],
      authority: [],
    });
    expect(ask('dsonly.example.com.', 'DS').answer).toEqual(['dsonly.example.com. DS']);
  });

  it('gives the SOA of an NXDOMAIN to an SOA query TTL 0, as BIND (NODATA keeps the negative TTL)', () => {
    expect(ask('nope.example.com.', 'SOA').raw.authority[0].rrset.ttl).toBe(0);
    expect(ask('www.example.com.', 'SOA').raw.authority[0].rrset.ttl).toBe(60);
  });

  it('answers ANY and minimal queries without additional data', () => {
    expect(ask('example.com.', 'ANY').additional).toEqual([]);
    expect(ask('example.com.', 'MX', false, true).additional).toEqual([]);
    expect(ask('host.sub.example.com.', 'A', false, true).additional).toHaveLength(2);
  });

  it('does not follow a DNAME for CNAME and ANY queries: the synthesized CNAME is their answer', () => {
    for (const type of ['CNAME', 'ANY']) {
      expect(ask('a.inner.example.com.', type, true)).toMatchObject({
        answer: ['inner.example.com. DNAME', 'a.inner.example.com. CNAME'],
        authority: ['example.com. NS'],
      });
    }
  });

  it('answers DS from the parent side: at a delegation and at the apex of a child served here', () => {
    expect(ask('sub.example.com.', 'DS')).toMatchObject({ aa: true, answer: ['sub.example.com. DS'] });
    expect(ask('child.example.com.', 'DS')).toMatchObject({ aa: true, answer: ['child.example.com. DS'] });
    expect(ask('child.example.com.', 'SOA').answer).toEqual(['child.example.com. SOA']);
    expect(ask('x.child.example.com.', 'A').answer).toEqual(['x.child.example.com. A']);
  });

  it('answers ANY with every RRset of the name, and REFUSED outside the served zones', () => {
    expect(ask('example.com.', 'ANY').answer).toEqual([
      'example.com. SOA',
      'example.com. NS',
      'example.com. MX',
    ]);
    expect(ask('sub.example.com.', 'ANY')).toMatchObject({
      aa: false,
      answer: [],
      authority: ['sub.example.com. NS'],
    });
    expect(ask('example.org.', 'A')).toMatchObject({ rcode: 'REFUSED', aa: false });
    expect(RCODE.REFUSED).toBe(5);
  });
});
