import * as packet from 'dns-packet';
import { tokenize } from './presentation';
import { toAnswer } from './rdata';

describe('presentation rdata to wire', () => {
  it('tokenizes quoted strings and escapes', () => {
    expect(tokenize('"a b" c\\059 "\\"q\\"" \\065').map((t) => t.bytes.toString())).toEqual([
      'a b',
      'c;',
      '"q"',
      'A',
    ]);
  });

  it.each([
    ['A', '192.0.2.1'],
    ['AAAA', '2001:db8::1'],
    ['NS', 'ns1.example.net.'],
    ['CNAME', 'www.example.com.'],
    ['MX', '10 mail.example.com.'],
    ['TXT', '"v=spf1 -all" "second string"'],
    ['SRV', '10 5 5060 sip.example.com.'],
    ['SOA', 'ns1.example.net. hostmaster.example.com. 7 3600 600 86400 3600'],
    ['CAA', '0 issue "letsencrypt.org"'],
    ['SSHFP', '1 1 123456789abcdef67890123456789abcdef67890'],
    ['TLSA', '3 1 1 0C72AC70B745AC19998811B131D662C9AC69DBDBE7CB23E5B514B56664C5D3D6'],
    ['DS', '60485 5 1 2BB183AF5F22588179A53B0A98631FAD1A292118'],
    ['NAPTR', '100 10 "U" "E2U+sip" "!^.*$!sip:info@example.com!" .'],
  ])('%s %s survives an encode/decode round trip', (type, data) => {
    const answer = toAnswer('x.example.com.', type, 300, data);
    const decoded = packet.decode(packet.encode({ type: 'response', answers: [answer] })).answers![0];
    expect(decoded.type).toBe(type);
    expect(decoded.name).toBe('x.example.com');
  });

  it('accepts RFC 3597 generic rdata', () => {
    expect(toAnswer('x.', 'SPF', 60, '\\# 4 03616263').data).toEqual(Buffer.from([3, 97, 98, 99]));
  });

  it('refuses types it cannot encode', () => {
    expect(() => toAnswer('x.', 'WKS', 60, '192.0.2.1 6 25')).toThrow(/cannot be served/);
  });
});
