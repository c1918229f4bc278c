import { canonicalRdata } from '../rdata/rdata';
import { recordDataFromWire } from './generic-rdata';
import { rawRdataText } from './raw-rdata-text';
import { rdataBytes, rdataToWire } from './rdata-wire';

const wire = (type: string, data: string) => rdataBytes(rdataToWire(type, data));
/** Presentation → wire → presentation (which the type's parser takes) → wire. */
const roundTrip = (type: string, data: string) =>
  wire(type, canonicalRdata(type, recordDataFromWire(type, wire(type, data))));

describe('rawRdataText (SVCB, HTTPS, CERT from the wire)', () => {
  it.each([
    ['HTTPS', '1 . alpn=h2,h3 port=443'],
    ['HTTPS', '0 svc.example.com.'],
    ['SVCB', '16 svc.example.net. mandatory=alpn,port alpn=h2 port=8443 ipv4hint=192.0.2.1,192.0.2.2'],
    ['HTTPS', '1 . no-default-alpn alpn=h3 ipv6hint=2001:db8::1,2001:db8:0:1:0:0:0:2 ech=AEX+DQBBpQAgACA='],
    ['SVCB', '2 . key65000=opaque'],
    ['CERT', 'PKIX 12345 RSASHA256 MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'],
    ['CERT', '65000 1 253 AQID'],
  ])('reads %s %s back as it was written', (type, data) => {
    expect(roundTrip(type, data)).toEqual(wire(type, data));
  });

  it('leaves the other types to the transfer decoding', () => {
    expect(rawRdataText('A', Buffer.from([192, 0, 2, 1]))).toBeUndefined();
    expect(recordDataFromWire('A', Buffer.from([192, 0, 2, 1]))).toBe('192.0.2.1');
  });

  it('refuses rdata that does not decode, or that presentation cannot hold', () => {
    const https = wire('HTTPS', '1 . alpn=h2 port=443');
    const bad: [string, Buffer][] = [
      ['cut short', https.subarray(0, https.length - 1)],
      ['keys out of order', Buffer.from([0, 1, 0, 0, 3, 0, 2, 1, 187, 0, 1, 0, 3, 2, 104, 50])],
      ['a compressed target', Buffer.from([0, 1, 0xc0, 0])],
      ['an alpn with a comma', Buffer.from([0, 1, 0, 0, 1, 0, 4, 3, 104, 44, 50])],
      ['a port of 3 octets', Buffer.from([0, 1, 0, 0, 3, 0, 3, 1, 1, 1])],
      ['an ipv4hint of 5 octets', Buffer.from([0, 1, 0, 0, 4, 0, 5, 1, 2, 3, 4, 5])],
      ['no-default-alpn with a value', Buffer.from([0, 1, 0, 0, 2, 0, 1, 1])],
      ['an unknown key with a blank', Buffer.from([0, 1, 0, 0xfd, 0xe8, 0, 2, 97, 32])],
    ];
    const throws = (rdata: Buffer) => {
      try {
        rawRdataText('HTTPS', rdata);
        return false;
      } catch {
        return true;
      }
    };
    expect(bad.filter(([, rdata]) => !throws(rdata)).map(([what]) => what)).toEqual([]);
    expect(() => rawRdataText('CERT', Buffer.from([0, 1, 0, 2, 8]))).toThrow();
  });
});
