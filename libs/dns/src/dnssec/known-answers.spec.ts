import { createPrivateKey } from 'node:crypto';
import { rdataBytes, rdataToWire } from '../wire/rdata-wire';
import { WireName } from '../wire/wire-name';
import { compareCanonical } from './canonical';
import { DIGEST_TYPES, DigestType, dsOf, dsText, keyTag, parseDnskey } from './dnskey';
import { parseRrsig, rrsigText, signRecordSet, verifyRecordSet } from './rrsig';

/** Known answers from the RFCs (RFC 8080's signatures as corrected by its verified erratum 4935). */
const RFC4034 = {
  owner: 'dskey.example.com.',
  dnskey:
    '256 3 5 AQOeiiR0GOMYkDshWoSKz9XzfwJr1AYtsmx3TGkJaNXVbfi/2pHm822aJ5iI9BMzNXxeYCmZDRD99WYwYqUSdjMmmAphXdvxegXd/M5+X7OrzKBaMbCVdFLUUh6DhweJBjEVv5f2wwjM9XzcnOf+EPbtG9DMBmADjFDc2w/rljwvFw==',
  ds: '60485 5 1 2BB183AF5F22588179A53B0A98631FAD1A292118',
};
const RFC6605_P256 = {
  owner: 'example.net.',
  dnskey: '257 3 13 GojIhhXUN/u4v54ZQqGSnyhWJwaubCvTmeexv7bR6edbkrSqQpF64cYbcB7wNcP+e+MAnLr+Wi9xMWyQLc8NAA==',
  ds: '55648 13 2 B4C8C1FE2E7477127B27115656AD6256F424625BF5C1E2770CE6D6E37DF61D17',
  privateKey: 'GU6SnQ/Ou+xC5RumuIUIuJZteXT2z0O/ok1s38Et6mQ=',
  rrset: { name: 'www.example.net.', type: 'A', ttl: 3600, records: ['192.0.2.1'] },
  rrsig:
    'A 13 3 3600 20100909100439 20100812100439 55648 example.net. qx6wLYqmh+l9oCKTN6qIc+bw6ya+KJ8oMz0YP107epXAyGmt+3SNruPFKG7tZoLBLlUzGGus7ZwmwWep666VCw==',
};
const RFC6605_P384 = {
  owner: 'example.net.',
  dnskey:
    '257 3 14 xKYaNhWdGOfJ+nPrL8/arkwf2EY3MDJ+SErKivBVSum1w/egsXvSADtNJhyem5RCOpgQ6K8X1DRSEkrbYQ+OB+v8/uX45NBwY8rp65F6Glur8I/mlVNgF6W/qTI37m40',
  ds: '10771 14 4 72D7B62976CE06438E9C0BF319013CF801F09ECC84B8D7E9495F27E305C6A9B0563A9B5F4D288405C3008A946DF983D6',
};
const RFC8080 = [
  {
    owner: 'example.com.',
    dnskey: '257 3 15 l02Woi0iS8Aa25FQkUd9RMzZHJpBoRQwAQEX1SxZJA4=',
    ds: '3613 15 2 3AA5AB37EFCE57F737FC1627013FEE07BDF241BD10F3B1964AB55C78E79A304B',
    privateKey: 'ODIyNjAzODQ2MjgwODAxMjI2NDUxOTAyMDQxNDIyNjI=',
    rrsig:
      'MX 15 2 3600 1440021600 1438207200 3613 example.com. oL9krJun7xfBOIWcGHi7mag5/hdZrKWw15jPGrHpjQeRAvTdszaPD+QLs3fx8A4M3e23mRZ9VrbpMngwcrqNAg==',
  },
  {
    owner: 'example.com.',
    dnskey: '257 3 15 zPnZ/QwEe7S8C5SPz2OfS5RR40ATk2/rYnE9xHIEijs=',
    ds: '35217 15 2 401781B934E392DE492EC77AE2E15D70F6575A1C0BC59C5275C04EBE80C6614C',
    privateKey: 'DSSF3o0s0f+ElWzj9E/Osxw8hLpk55chkmx0LYN5WiY=',
    rrsig:
      'MX 15 2 3600 1440021600 1438207200 35217 example.com. zXQ0bkYgQTEFyfLyi9QoiY6D8ZdYo4wyUhVioYZXFdT410QPRITQSqJSnzQoSm5poJ7gD7AQR0O7KuI5k2pcBg==',
  },
];
const MX = { name: 'example.com.', type: 'MX', ttl: 3600, records: ['10 mail.example.com.'] };

describe('DNSKEY key tags and DS digests (RFC 4034 §5.4, RFC 6605 §6, RFC 8080 §6)', () => {
  it.each([RFC4034, RFC6605_P256, RFC6605_P384, ...RFC8080])('$owner $dnskey', ({ owner, dnskey, ds }) => {
    const key = parseDnskey(dnskey);
    const [tag, , digestType] = ds.split(' ').map(Number);
    expect(keyTag(key)).toBe(tag);
    expect(dsText(dsOf(owner, key, digestType as DigestType))).toBe(ds);
  });

  it('gives every common digest, and refuses others', () => {
    const key = parseDnskey(RFC6605_P256.dnskey);
    const lengths = [DIGEST_TYPES.SHA1, DIGEST_TYPES.SHA256, DIGEST_TYPES.SHA384].map(
      (type) => dsOf('example.net.', key, type).digest.length,
    );
    expect(lengths).toEqual([20, 32, 48]);
    expect(() => dsOf('example.net.', key, 3 as DigestType)).toThrow('digest type 3');
  });

  it('takes the owner name case-insensitively', () => {
    const key = parseDnskey(RFC6605_P256.dnskey);
    expect(dsText(dsOf('EXAMPLE.Net.', key, 2))).toBe(RFC6605_P256.ds);
  });
});

describe('RRSIG signed data (RFC 4034 §3.1.8.1)', () => {
  it('verifies the RFC 6605 ECDSA P-256 signature, and not a changed RRset', () => {
    const key = parseDnskey(RFC6605_P256.dnskey);
    const rrsig = parseRrsig(RFC6605_P256.rrsig);
    expect(verifyRecordSet(RFC6605_P256.rrset, rrsig, key)).toBe(true);
    expect(verifyRecordSet({ ...RFC6605_P256.rrset, records: ['192.0.2.2'] }, rrsig, key)).toBe(false);
    expect(verifyRecordSet({ ...RFC6605_P256.rrset, ttl: 3601 }, rrsig, key)).toBe(true);
    expect(verifyRecordSet(RFC6605_P256.rrset, { ...rrsig, originalTtl: 3601 }, key)).toBe(false);
  });

  it('signs with the RFC 6605 private key what its DNSKEY verifies (ECDSA is randomised)', () => {
    const dnskey = parseDnskey(RFC6605_P256.dnskey);
    const xy = dnskey.publicKey;
    const privateKey = createPrivateKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        d: Buffer.from(RFC6605_P256.privateKey, 'base64').toString('base64url'),
        x: xy.subarray(0, 32).toString('base64url'),
        y: xy.subarray(32).toString('base64url'),
      },
      format: 'jwk',
    });
    const expected = parseRrsig(RFC6605_P256.rrsig);
    const times = { inception: expected.inception, expiration: expected.expiration };
    const rrsig = signRecordSet(RFC6605_P256.rrset, 'example.net.', { dnskey, privateKey }, times);
    expect(rrsig.signature).toHaveLength(64);
    expect(rrsigText({ ...rrsig, signature: expected.signature })).toBe(RFC6605_P256.rrsig);
    expect(verifyRecordSet(RFC6605_P256.rrset, rrsig, dnskey)).toBe(true);
  });

  it.each(RFC8080)('makes the RFC 8080 Ed25519 signature by key $ds exactly', (vector) => {
    const dnskey = parseDnskey(vector.dnskey);
    const privateKey = createPrivateKey({
      key: {
        kty: 'OKP',
        crv: 'Ed25519',
        d: Buffer.from(vector.privateKey, 'base64').toString('base64url'),
        x: dnskey.publicKey.toString('base64url'),
      },
      format: 'jwk',
    });
    const expected = parseRrsig(vector.rrsig);
    const times = { inception: expected.inception, expiration: expected.expiration };
    const rrsig = signRecordSet(MX, vector.owner, { dnskey, privateKey }, times);
    expect(rrsig).toEqual(expected);
    expect(verifyRecordSet(MX, expected, dnskey)).toBe(true);
  });

  it('counts labels without a leading wildcard and verifies an answer expanded from it', () => {
    const dnskey = parseDnskey(RFC8080[0].dnskey);
    const privateKey = createPrivateKey({
      key: {
        kty: 'OKP',
        crv: 'Ed25519',
        d: Buffer.from(RFC8080[0].privateKey, 'base64').toString('base64url'),
        x: dnskey.publicKey.toString('base64url'),
      },
      format: 'jwk',
    });
    const wildcard = { ...MX, name: '*.a.example.com.' };
    const rrsig = signRecordSet(
      wildcard,
      'example.com.',
      { dnskey, privateKey },
      { inception: 0, expiration: 1 },
    );
    expect(rrsig.labels).toBe(3);
    expect(verifyRecordSet({ ...MX, name: 'x.y.a.example.com.' }, rrsig, dnskey)).toBe(true);
    expect(verifyRecordSet({ ...MX, name: 'x.y.b.example.com.' }, rrsig, dnskey)).toBe(false);
  });
});

describe('DNSSEC rdata on the wire', () => {
  it('encodes the RFC 4034 §4.3 NSEC type bitmap', () => {
    const wire = rdataBytes(rdataToWire('NSEC', 'host.example.com. A MX RRSIG NSEC TYPE1234'));
    const bitmap = Buffer.concat([
      Buffer.from([0x00, 0x06, 0x40, 0x01, 0x00, 0x00, 0x00, 0x03, 0x04, 0x1b]),
      Buffer.alloc(26),
      Buffer.from([0x20]),
    ]);
    expect(wire).toEqual(Buffer.concat([WireName.fromText('host.example.com.').toWire(), bitmap]));
  });

  it('encodes RRSIG with either time form and DNSKEY from base64 in pieces', () => {
    const rrsig = rdataBytes(rdataToWire('RRSIG', RFC8080[0].rrsig));
    const dates = 'MX 15 2 3600 20150819220000 20150729220000 3613 example.com. oL9k rJun7x';
    const prefix = rdataBytes(rdataToWire('RRSIG', dates));
    expect(rrsig.subarray(0, 18)).toEqual(prefix.subarray(0, 18));
    expect(rrsig.readUInt32BE(12)).toBe(1438207200);
    const dnskey = rdataBytes(
      rdataToWire('DNSKEY', '257 3 15 l02Woi0iS8Aa25FQkUd9 RMzZHJpBoRQwAQEX1SxZJA4='),
    );
    expect(dnskey.subarray(0, 4)).toEqual(Buffer.from([1, 1, 3, 15]));
    expect(dnskey).toHaveLength(36);
  });
});

describe('canonical order (RFC 4034 §6.1)', () => {
  it('orders the RFC example', () => {
    const ordered = [
      'example.',
      'a.example.',
      'yljkjljk.a.example.',
      'Z.a.example.',
      'zABC.a.EXAMPLE.',
      'z.example.',
      '\\001.z.example.',
      '*.z.example.',
      '\\200.z.example.',
    ];
    const shuffled = [...ordered].reverse().map((name) => WireName.fromText(name));
    expect(shuffled.sort(compareCanonical).map((name) => name.toString())).toEqual(ordered);
  });
});
