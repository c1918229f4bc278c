import * as packet from 'dns-packet';
import { asAnswers, toAnswer } from '../wire/rdata';
import { RdataError, canonicalRdata } from './rdata';

/** Real-world values per type, and their canonical form. */
export const VALID: [string, string, string][] = [
  ['A', '192.0.2.1', '192.0.2.1'],
  ['AAAA', '2001:DB8::1', '2001:db8::1'],
  ['CNAME', 'www.Example.com.', 'www.example.com.'],
  ['DNAME', 'example.net.', 'example.net.'],
  ['NS', 'ns1.example.net.', 'ns1.example.net.'],
  ['PTR', 'host.example.com.', 'host.example.com.'],
  ['MX', '10   mail.example.com.', '10 mail.example.com.'],
  ['MX', '0 .', '0 .'],
  ['TXT', 'v=spf1', '"v=spf1"'],
  ['TXT', '"hello world" "second \\"part\\""', '"hello world" "second \\"part\\""'],
  ['TXT', '"semi\\059colon" "\\255"', '"semi;colon" "\\255"'],
  ['SPF', '"v=spf1 include:_spf.example.com -all"', '"v=spf1 include:_spf.example.com -all"'],
  ['SRV', '10 60 5060 sipserver.example.com.', '10 60 5060 sipserver.example.com.'],
  [
    'SOA',
    'ns1.example.net. hostmaster.example.com. 2024010101 3600 600 86400 300',
    'ns1.example.net. hostmaster.example.com. 2024010101 3600 600 86400 300',
  ],
  ['CAA', '0 issue "letsencrypt.org"', '0 issue "letsencrypt.org"'],
  ['CAA', '128 iodef "mailto:security@example.com"', '128 iodef "mailto:security@example.com"'],
  [
    'NAPTR',
    '100 10 "U" "E2U+sip" "!^.*$!sip:info@example.com!" .',
    '100 10 "U" "E2U+sip" "!^.*$!sip:info@example.com!" .',
  ],
  [
    'SSHFP',
    '4 2 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    '4 2 E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855',
  ],
  [
    'TLSA',
    '3 1 1 0c72ac70b745ac19998811b131d662c9ac69dbdbe7cb23e5b514b56664c5d3d6',
    '3 1 1 0C72AC70B745AC19998811B131D662C9AC69DBDBE7CB23E5B514B56664C5D3D6',
  ],
  [
    'DS',
    '60485 5 1 2BB183AF5F22588179A53B0A98631FAD1A292118',
    '60485 5 1 2BB183AF5F22588179A53B0A98631FAD1A292118',
  ],
  ['CERT', 'PGP 0 0 mQINBFkxyz0=', 'PGP 0 0 mQINBFkxyz0='],
  ['HTTPS', '1 . alpn=h3,h2 ipv4hint=192.0.2.1', '1 . alpn=h3,h2 ipv4hint=192.0.2.1'],
  ['HTTPS', '0 svc.example.com.', '0 svc.example.com.'],
  [
    'SVCB',
    '1 svc.example.com. port=8443 no-default-alpn alpn=h2',
    '1 svc.example.com. alpn=h2 no-default-alpn port=8443',
  ],
  ['AAAA', '2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
  ['AAAA', '::ffff:192.0.2.1', '::ffff:c000:201'],
  ['CERT', '1 12345 8 MIIBIjANBgkq', 'PKIX 12345 RSASHA256 MIIBIjANBgkq'],
];

export const INVALID: [string, string][] = [
  ['A', '1.2.3'],
  ['A', '1.2.3.4 5.6.7.8'],
  ['A', '2001:db8::1'],
  ['AAAA', '192.0.2.1'],
  ['CNAME', 'no-dot.example.com'],
  ['CNAME', 'a..b.'],
  ['NS', ''],
  ['MX', 'mail.example.com.'],
  ['MX', '70000 mail.example.com.'],
  ['MX', '-1 mail.example.com.'],
  ['TXT', `"${'x'.repeat(256)}"`],
  ['TXT', '"unterminated'],
  ['SRV', '10 60 mail.example.com.'],
  ['SRV', '10 60 99999 sip.example.com.'],
  ['CAA', '0 issue'],
  ['CAA', '300 issue "x"'],
  ['CAA', '0 is-sue "x"'],
  ['SSHFP', '4 2 nothex'],
  ['SSHFP', '1 1 ABCD'],
  ['TLSA', '3 1 1 ABC'],
  ['DS', '60485 5 1'],
  ['CERT', 'PGP 0 NOPE abc='],
  ['HTTPS', '0 . alpn=h2'],
  ['HTTPS', '1 . bogus=1'],
  ['SVCB', '1 svc.example.com. port=99999'],
  ['NAPTR', '100 10 "U" "E2U+sip" "regex"'],
  ['SOA', 'ns1.example.net. hostmaster.example.com. 1 2 3'],
];

describe('canonicalRdata', () => {
  it.each(VALID)('%s %s → %s', (type, data, canonical) => {
    expect(canonicalRdata(type, data)).toBe(canonical);
    expect(canonicalRdata(type, canonical)).toBe(canonical);
  });

  it.each(INVALID)('rejects %s %s', (type, data) => {
    expect(() => canonicalRdata(type, data)).toThrow(RdataError);
  });

  it('rejects unsupported types', () => {
    expect(() => canonicalRdata('WKS', '1')).toThrow(/not a supported record type/);
  });

  it('encodes every valid record to wire format, SVCB/HTTPS per RFC 9460', () => {
    const answers = VALID.map(([type, , canonical], i) =>
      toAnswer(`r${i}.example.com.`, type, 300, canonical),
    );
    const message = packet.encode({ type: 'response', id: 1, flags: 0, answers: asAnswers(answers) });
    const decoded = packet.decode(message).answers!;
    expect(decoded).toHaveLength(VALID.length);
    const https = decoded[VALID.findIndex(([t, d]) => t === 'HTTPS' && d.startsWith('1'))];
    expect(https.type).toBe('UNKNOWN_65');
    // priority 1, root target, alpn (key 1) h3,h2, ipv4hint (key 4)
    expect((https.data as Buffer).toString('hex')).toBe(
      '0001' + '00' + '0001' + '0006' + '026833' + '026832' + '0004' + '0004' + 'c0000201',
    );
  });
});
