import { rdataBytes, rdataToWire } from '../wire/rdata-wire';
import { RdataError, canonicalRdata } from './rdata';
import { INVALID, VALID } from './rdata.fixtures';

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
    const wire = VALID.map(([type, , canonical]) => rdataBytes(rdataToWire(type, canonical)));
    expect(wire.every((bytes) => bytes.length > 0)).toBe(true);
    const https = wire[VALID.findIndex(([t, d]) => t === 'HTTPS' && d.startsWith('1'))];
    // priority 1, root target, alpn (key 1) h3,h2, ipv4hint (key 4)
    expect(https.toString('hex')).toBe(
      '0001' + '00' + '0001' + '0006' + '026833' + '026832' + '0004' + '0004' + 'c0000201',
    );
  });
});
