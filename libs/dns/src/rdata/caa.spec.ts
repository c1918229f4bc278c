import { RdataError, canonicalRdata } from './rdata';

/** 'ok' with the canonical record, or the refusal's message. */
function verdict(data: string): string {
  try {
    return `ok ${canonicalRdata('CAA', data)}`;
  } catch (error) {
    if (!(error instanceof RdataError)) throw error;
    return error.message;
  }
}

describe('CAA records (RFC 8659)', () => {
  it.each([
    '0 issue "letsencrypt.org"',
    '0 issue "ca.example.net; account=230123; validationmethods=dns-01"',
    '0 issue "ca.example.net;policy=ev"',
    '0 issue "ca.example.net;"',
    '0 issue ";"',
    '0 issue ""',
    '0 issuewild "ca.example.net"',
    '128 issue "ca.example.net"',
    '0 ISSUE "ca.example.net"',
    '0 issuemail "mail-ca.example"',
    '0 issuevmc "vmc-ca.example"',
    '0 iodef "mailto:security@example.com"',
    '0 iodef "mailto:security+caa@example.com?subject=CAA"',
    '0 iodef "https://iodef.example.com/"',
    '0 iodef "http://iodef.example.com:8080/report"',
    '0 contactemail "domains@example.com"',
    '0 contactphone "+1(555)010-0199"',
    // An unknown tag marked critical: CAs that do not know it must not issue (RFC 8659 §4.1).
    '128 tbs "Unknown"',
  ])('takes %s', (data) => {
    expect(verdict(data)).toBe(`ok ${data}`);
  });

  it.each([
    ['0 issuer "letsencrypt.org"', 'Property tag issuer must be one of issue, issuewild, issuemail'],
    ['0 tbs "Unknown"', 'an unknown tag only with flags 128'],
    ['1 issue "ca.example.net"', 'CAA flags must be 0 or 128'],
    ['64 issue "ca.example.net"', 'CAA flags must be 0 or 128'],
    ['256 issue "ca.example.net"', 'flags must be an integer from 0 to 255'],
    ['0 is-sue "ca.example.net"', "'is-sue' is not a CAA tag"],
    ['0 issue "ca.example.net."', 'Domain ca.example.net. is invalid'],
    ['0 issue "ca_example.net"', 'Domain ca_example.net is invalid'],
    [`0 issue "${'a'.repeat(64)}.net"`, `Host ${'a'.repeat(64)} is too long`],
    ['0 issue "ca.example.net; def"', 'def is not a valid key-value pair'],
    ['0 issue "ca.example.net; a=b;"', 'an empty parameter is not a valid key-value pair'],
    ['0 issue "ca.example.net; a=b c"', 'a=b c is not a valid key-value pair'],
    ['0 issue "ca.example.net; a=b;c"', 'c is not a valid key-value pair'],
    ['0 issuewild "ca.exämple.net"', 'the issuewild value must be printable ASCII'],
    ['0 iodef "https://"', 'https:// is not a valid URL'],
    ['0 iodef "security@example.com"', 'security@example.com is not a valid URL'],
    ['0 iodef "ftp://example.com/"', 'ftp://example.com/ is not a mailto:, http: or https: URL'],
    ['0 iodef "mailto:me@example.net."', 'Domain example.net. is invalid'],
    ['0 iodef "mailto:nobody"', 'mailto:nobody is not a valid email address'],
    ['0 contactemail "not an address"', 'not an address is not a valid email address'],
    ['0 contactphone "555-0199"', '555-0199 is not a phone number'],
  ])('refuses %s', (data, message) => {
    expect(verdict(data)).toContain(message);
  });
});
