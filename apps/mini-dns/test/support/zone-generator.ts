import { SeededRandom } from './seeded-random';
import { ZoneBuilder, ipv4At, longString } from './zone-builder';
import { GeneratedZone } from './zone-model';

/**
 * The zones of the differential test, from one seed: each zone stresses one area of authoritative
 * answering (RFC 1034 §4.3.2, RFC 4592 wildcards, RFC 6672 DNAME, delegations and glue, sizes), and the
 * seed varies addresses, TTLs, labels and the contents of the last, random zone. A parent precedes its child.
 */
export function generateZones(seed: number): GeneratedZone[] {
  const random = new SeededRandom(seed);
  const zone = (name: string, fill: (z: ZoneBuilder) => void) => {
    const builder = new ZoneBuilder(name, random);
    fill(builder);
    return builder.build();
  };
  return [
    zone('kitchen.test.', everyType),
    zone('wild.test.', wildcards),
    zone('star.test.', apexWildcard),
    zone('deleg.test.', delegations),
    zone('chain.test.', cnameChains),
    zone('dname.test.', dnames),
    zone('big.test.', largeAnswers),
    zone('parent.test.', parentOfHostedChild),
    zone('child.parent.test.', hostedChild),
    zone('mix.test.', randomMix),
  ];
}

const base64 = (random: SeededRandom, bytes: number) =>
  Buffer.from(random.hex(bytes), 'hex').toString('base64');

/** Apex data, every type the API takes, escapes in rdata names, mixed-case owners. */
function everyType(z: ZoneBuilder): void {
  const r = z.random;
  z.addresses('@')
    .add('@', 'MX', ['10 mail.kitchen.test.', '20 mx.example.net.'])
    .add('@', 'TXT', ['"v=spf1 mx -all"', '"apex text"'])
    .add('@', 'SPF', '"v=spf1 mx -all"')
    .add('@', 'CAA', ['0 ISSUE "ca.example"', '0 iodef "mailto:security@kitchen.test"', '128 tbs "Unknown"'])
    .add('@', 'HTTPS', '1 . alpn=h2,h3')
    .add('@', 'NAPTR', '100 10 "U" "E2U+sip" "!^.*$!sip:info@example.com!" .')
    .addresses('mail')
    .add('www', 'CNAME', 'kitchen.test.')
    .add('MiXeD.CaSe', 'A', r.ipv4())
    .add('UPPER', 'TXT', '"upper"')
    .add('abc', 'A', r.ipv4())
    .add('esc', 'CNAME', '\\097bc.kitchen.test.')
    .add('mx2', 'MX', '5 \\109ail.kitchen.test.')
    .add('txt', 'TXT', ['"hello world" "semi\\059colon" "quote\\"d"', '"tab\\009x" "\\255bin" ""'])
    .add('_sip._tcp', 'SRV', ['10 60 5060 sip.kitchen.test.', '20 0 5061 sip.example.net.'])
    .addresses('sip')
    .add('_443._tcp.www', 'TLSA', `3 1 1 ${r.hex(32)}`)
    .add('host', 'SSHFP', [`4 2 ${r.hex(32)}`, `1 1 ${r.hex(20)}`])
    .addresses('host')
    .add('cert', 'CERT', [`PGP 0 0 ${base64(r, 40)}`, `PKIX ${r.int(1, 65535)} RSASHA256 ${base64(r, 48)}`])
    .add('ptr', 'PTR', 'target.example.net.')
    .add('enum', 'NAPTR', ['100 10 "U" "E2U+sip" "!^.*$!sip:info@example.com!" .'])
    .add('sipnaptr', 'NAPTR', '102 10 "S" "SIP+D2U" "" _sip._tcp.kitchen.test.')
    .add('svc', 'SVCB', '1 svc-target.kitchen.test. mandatory=alpn alpn=h2,h3 port=8443 ipv4hint=192.0.2.1')
    .addresses('svc-target')
    .add('alias', 'SVCB', '0 svc.kitchen.test.')
    .add('_dns', 'SVCB', '1 kitchen.test. alpn=dot port=853 key65000=abc')
    .add('web', 'HTTPS', ['1 . alpn=h2 no-default-alpn ipv6hint=2001:db8::1', '2 web2.example.net. port=443'])
    .add('spf', 'SPF', '"v=spf1 -all"')
    .add('sub', 'NS', 'ns.sub.kitchen.test.')
    .add('ns.sub', 'A', r.ipv4())
    .add('sub', 'DS', `${r.int(1, 65535)} 8 2 ${r.hex(32)}`)
    .probe('abc', 'x.sub', 'nothing', 'a.b.nothing', 'Www', 'EnUm');
}

/** RFC 4592: wildcards, empty non-terminals beside and under them, wildcard CNAMEs and loops. */
function wildcards(z: ZoneBuilder): void {
  const r = z.random;
  z.add('*.w', 'A', r.ipv4())
    .add('*.w', 'TXT', '"wild"')
    .add('*.w', 'MX', '10 mail.wild.test.')
    .addresses('mail')
    .add('c.w', 'A', r.ipv4())
    .add('a.b.w', 'A', r.ipv4())
    .add('*.deep.w', 'AAAA', r.ipv6())
    .add('*.cn', 'CNAME', 'target.wild.test.')
    .add('target', 'A', r.ipv4())
    .add('target', 'TXT', '"target"')
    .add('*.cnx', 'CNAME', 'www.kitchen.test.')
    .add('*.loop', 'CNAME', 'x.loop.wild.test.')
    .add('*.self', 'CNAME', '*.self.wild.test.')
    .add('*.dw', 'A', r.ipv4())
    .add('cut.dw', 'NS', 'ns.example.net.')
    .add('*.mx', 'MX', '0 .')
    .add('*.ds', 'DS', `${r.int(1, 65535)} 13 2 ${r.hex(32)}`)
    .probe('a.w', 'xyz.w', 'A.B.C.w', 'z.b.w', 'q.deep.w', 'r.s.deep.w', 'u.cn', 'u.cnx', 'x.loop', 'y.loop')
    .probe('a.self', 'w.self', 'k.cut.dw', 'other.dw', 'm.mx', 'x.ds', 'nx', 'x.c.w');
}

/** A wildcard directly below the apex: every missing name answers, except below empty non-terminals. */
function apexWildcard(z: ZoneBuilder): void {
  const r = z.random;
  z.add('*', 'A', r.ipv4())
    .add('*', 'TXT', '"star"')
    .add('www', 'A', r.ipv4())
    .add('a.b', 'A', r.ipv4())
    .add('sub', 'CNAME', 'www.star.test.')
    .add('_443._tcp', 'TLSA', `3 1 1 ${r.hex(32)}`)
    .probe('anything', 'x.y', 'q.b', 'x.a.b', 'x.www', '_25._tcp', 'x._tcp');
}

/** Delegations: in-zone glue, glue under another cut, in-zone and out-of-zone servers, DS, a large NS set. */
function delegations(z: ZoneBuilder): void {
  const r = z.random;
  z.add('child1', 'NS', ['ns1.child1.deleg.test.', 'ns2.child1.deleg.test.'])
    .addresses('ns1.child1')
    .add('ns2.child1', 'A', r.ipv4())
    .add('child1', 'DS', [`${r.int(1, 65535)} 8 2 ${r.hex(32)}`, `${r.int(1, 65535)} 8 1 ${r.hex(20)}`])
    .add('child2', 'NS', ['ns1.child1.deleg.test.', 'host.deleg.test.'])
    .addresses('host')
    .add('child3', 'NS', ['ns.example.net.', 'ns.example.org.'])
    .add('child3', 'DS', `${r.int(1, 65535)} 13 2 ${r.hex(32)}`)
    .add('occl', 'NS', 'ns.occl.deleg.test.')
    .add('ns.occl', 'A', r.ipv4())
    .add('deep.occl', 'TXT', '"occluded"')
    .add('a.b.cut', 'NS', 'ns.example.net.')
    .add('mx', 'MX', ['10 mail.child1.deleg.test.', '20 host.deleg.test.'])
    .add('mail.child1', 'A', r.ipv4())
    .add('_ldap._tcp', 'SRV', '0 0 389 host.deleg.test.');
  const servers = Array.from({ length: 24 }, (_, i) => `ns-${r.label(40)}-${i}.big.deleg.test.`);
  z.add('big', 'NS', servers);
  servers.forEach((server, i) => z.add(server, 'A', ipv4At(i)));
  const heavy = Array.from({ length: 4 }, (_, i) => `n${i}.heavy.deleg.test.`);
  z.add('heavy', 'NS', heavy);
  heavy.forEach((server, i) =>
    z.add(
      server,
      'A',
      Array.from({ length: 6 }, (_, j) => ipv4At(30 + i * 6 + j)),
    ),
  );
  z.probe('www.child1', 'a.b.child1', 'x.child2', 'www.child3', 'x.big', 'x.heavy', 'x.occl', 'b.cut').probe(
    'cut',
    'q.a.b.cut',
    'nx',
    'Child1',
  );
}

/** CNAME chains of 1–10 links (and 12, 20), inside the zone and into others; loops; dangling ends. */
function cnameChains(z: ZoneBuilder): void {
  const r = z.random;
  for (const length of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 20]) {
    for (let i = 0; i < length; i++)
      z.add(`c${length}-${i}`, 'CNAME', z.abs(i === length - 1 ? `c${length}-end` : `c${length}-${i + 1}`));
    z.add(`c${length}-end`, 'A', r.ipv4()).add(`c${length}-end`, 'TXT', `"end of ${length}"`);
  }
  const elsewhere = ['www.kitchen.test.', 'a.w.wild.test.', 'host.deleg.test.', 'c3-0.chain.test.'];
  elsewhere.forEach((target, n) => {
    const length = [1, 3, 6, 2][n];
    for (let i = 0; i < length; i++)
      z.add(`x${n}-${i}`, 'CNAME', i === length - 1 ? target : z.abs(`x${n}-${i + 1}`));
  });
  z.add('loop-a', 'CNAME', 'loop-b.chain.test.')
    .add('loop-b', 'CNAME', 'loop-a.chain.test.')
    .add('self', 'CNAME', 'self.chain.test.')
    .add('dangling', 'CNAME', 'nowhere.chain.test.')
    .add('todeleg', 'CNAME', 'www.child1.deleg.test.')
    .add('cut', 'NS', 'ns.example.net.')
    .add('intocut', 'CNAME', 'x.cut.chain.test.')
    .add('toout', 'CNAME', 'www.example.net.')
    .add('todname', 'CNAME', 'a.local.dname.test.')
    .add('tonx', 'CNAME', 'nx.kitchen.test.')
    .add('tobig', 'CNAME', 'many.big.test.')
    .add('tochild', 'CNAME', 'www.child.parent.test.');
}

/** RFC 6672 DNAME: to outside, into another zone, in-zone, looping, and a target that grows too long. */
function dnames(z: ZoneBuilder): void {
  const r = z.random;
  const long = `${r.label(60)}.${r.label(60)}.${r.label(60)}.dname.test.`;
  z.add('out', 'DNAME', 'example.net.')
    .add('in', 'DNAME', 'kitchen.test.')
    .add('local', 'DNAME', 'target.dname.test.')
    .add('local', 'A', r.ipv4())
    .add('local', 'TXT', '"dname owner"')
    .add('a.target', 'A', r.ipv4())
    .add('b.target', 'CNAME', 'a.target.dname.test.')
    .add('loop', 'DNAME', 'x.loop.dname.test.')
    .add('ping', 'DNAME', 'pong.dname.test.')
    .add('pong', 'DNAME', 'ping.dname.test.')
    .add('long', 'DNAME', long)
    .add('towild', 'DNAME', 'w.wild.test.')
    .add('todeleg', 'DNAME', 'child1.deleg.test.')
    .probe('x.out', 'a.b.out', 'www.in', 'mail.in', 'MiXeD.CaSe.in', 'a.local', 'b.local', 'c.local')
    .probe('a.loop', 'a.ping', `${r.label(63)}.${r.label(40)}.long`, 'x.long', 'q.towild', 'www.todeleg')
    .probe('ns1.todeleg', 'target', 'x.target');
}

/** Answers past 512 and 1232 octets: many records, long strings, additional data that does not fit. */
function largeAnswers(z: ZoneBuilder): void {
  const r = z.random;
  const addresses = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => ipv4At(from + i));
  const v6 = Array.from({ length: 60 }, (_, i) => `2001:db8::${(i + 1).toString(16)}`);
  z.add('many', 'A', addresses(0, 40))
    .add('huge', 'A', addresses(40, 100))
    .add('v6', 'AAAA', v6)
    .add('txt-mid', 'TXT', `${longString(r, 255)} ${longString(r, 255)}`)
    .add('txt-long', 'TXT', Array.from({ length: 6 }, () => longString(r, 255)).join(' '))
    .add(
      'txt-many',
      'TXT',
      Array.from({ length: 30 }, () => longString(r, 60)),
    )
    .add('@', 'MX', ['10 m1.big.test.', '20 m2.big.test.', '30 mx.example.net.', '40 many.big.test.'])
    .addresses('m1')
    .add('m2', 'AAAA', v6.slice(0, 3))
    .add('_sip._udp', 'SRV', [
      '0 0 5060 m1.big.test.',
      '1 0 5060 huge.big.test.',
      '2 0 5060 sip.example.net.',
    ])
    .add('mxhuge', 'MX', '10 huge.big.test.')
    .add('tomany', 'CNAME', 'many.big.test.')
    .add('*.w', 'A', addresses(140, 40))
    .add('mxcname', 'MX', '10 tomany.big.test.');
  const servers = Array.from({ length: 8 }, (_, i) => `ns${i}.fat.big.test.`);
  z.add('fat', 'NS', servers);
  servers.forEach((server, i) =>
    z.add(server, 'A', addresses(180 + i * 4, 4)).add(server, 'AAAA', v6.slice(i * 4, i * 4 + 4)),
  );
  z.probe('x.w', 'a.b.w', 'x.fat');
}

/** A delegation to a child this service also hosts: DS at the child's apex is the parent's data. */
function parentOfHostedChild(z: ZoneBuilder): void {
  const r = z.random;
  z.addresses('www')
    .add('child', 'NS', ['ns1.child.parent.test.', 'ns.example.net.'])
    .add('ns1.child', 'A', r.ipv4())
    .add('child', 'DS', [`${r.int(1, 65535)} 13 2 ${r.hex(32)}`, `${r.int(1, 65535)} 8 2 ${r.hex(32)}`])
    .add('other', 'NS', 'ns.other.parent.test.')
    .add('ns.other', 'A', r.ipv4())
    .add('other', 'DS', `${r.int(1, 65535)} 8 2 ${r.hex(32)}`)
    .probe('x.other', 'x.www');
}

function hostedChild(z: ZoneBuilder): void {
  z.addresses('@')
    .add('@', 'MX', '10 mail.child.parent.test.')
    .addresses('mail')
    .addresses('www')
    .add('@', 'TXT', '"child"')
    .probe('ns1', 'nx');
}

const MIX_LABELS = ['a', 'b', 'c', 'www', 'mail', 'x1', 'Y2', 'deep'];
const MIX_TYPES = ['A', 'AAAA', 'TXT', 'MX', 'CAA', 'SSHFP', 'PTR', 'HTTPS', 'CNAME', 'SRV'] as const;

/** Random owners (depth 1–3, some wildcards) and types: what the hand-written zones did not think of. */
function randomMix(z: ZoneBuilder): void {
  const r = z.random;
  const typesAt = new Map<string, Set<string>>();
  for (let i = 0; i < 45; i++) {
    const labels = Array.from({ length: r.int(1, 3) }, () => r.pick(MIX_LABELS));
    const type: string = r.pick(MIX_TYPES);
    if (type === 'SRV') labels.unshift('_svc', '_tcp');
    else if (r.chance(0.12)) labels[0] = '*';
    const owner = labels.join('.');
    const key = owner.toLowerCase();
    const types = typesAt.get(key) ?? new Set<string>();
    if (types.has('CNAME') || (type === 'CNAME' && types.size > 0) || types.has(type)) continue;
    types.add(type);
    typesAt.set(key, types);
    const someName = () => z.abs(Array.from({ length: r.int(1, 2) }, () => r.pick(MIX_LABELS)).join('.'));
    const data: Record<string, () => string> = {
      A: () => r.ipv4(),
      AAAA: () => r.ipv6(),
      TXT: () => longString(r, r.int(1, 80)),
      MX: () => `${r.int(0, 50)} ${someName().toLowerCase()}`,
      CAA: () => `0 issue "${r.label(8)}.example"`,
      SSHFP: () => `${r.int(1, 4)} 2 ${r.hex(32)}`,
      PTR: () => someName().toLowerCase(),
      HTTPS: () => `1 . alpn=h2 port=${r.int(1, 65535)}`,
      CNAME: () => r.pick([someName().toLowerCase(), 'www.kitchen.test.', 'x.w.wild.test.', 'nx.mix.test.']),
      SRV: () => `${r.int(0, 9)} ${r.int(0, 9)} ${r.int(1, 65535)} ${someName().toLowerCase()}`,
    };
    z.add(owner, type, type === 'CNAME' ? data[type]() : [data[type](), data[type]()]);
  }
  z.probe('nx', 'x.deep', 'q.www');
}
