import { incrementalTransfer } from './incremental-transfer';

const zone = {
  name: 'example.com.',
  serial: 12,
  ttl: 3600,
  soa: 'ns1.test. h.example.com. 12 3600 600 86400 300',
};
const soa = (serial: number) => ({
  name: 'example.com.',
  type: 'SOA',
  ttl: 3600,
  data: `ns1.test. h.example.com. ${serial} 3600 600 86400 300`,
});
const entry = (previousSerial: number, serial: number, rrsets: object[], more: object = {}) => ({
  previousSerial,
  serial,
  source: 'batch' as const,
  fields: null,
  soaAfter: `ns1.test. h.example.com. ${serial} 3600 600 86400 300`,
  rrsets: rrsets as never,
  ...more,
});

describe('incrementalTransfer (RFC 1995)', () => {
  it('gives each change as one difference sequence: its old SOA and removals, its new SOA and additions', () => {
    const history = [
      entry(10, 11, [
        {
          name: 'www.example.com.',
          type: 'A',
          before: { ttl: null, records: ['192.0.2.1'] },
          after: { ttl: null, records: ['192.0.2.2'] },
        },
        { name: 'new.example.com.', type: 'TXT', before: null, after: { ttl: 60, records: ['"x"'] } },
      ]),
      entry(11, 11, [], { source: 'transfer' }),
      entry(11, 12, [
        { name: 'new.example.com.', type: 'TXT', before: { ttl: 60, records: ['"x"'] }, after: null },
      ]),
    ];
    expect(incrementalTransfer(zone, 10, history)).toEqual([
      soa(12),
      soa(10),
      { name: 'www.example.com.', type: 'A', ttl: 3600, data: '192.0.2.1' },
      soa(11),
      { name: 'www.example.com.', type: 'A', ttl: 3600, data: '192.0.2.2' },
      { name: 'new.example.com.', type: 'TXT', ttl: 60, data: '"x"' },
      soa(11),
      { name: 'new.example.com.', type: 'TXT', ttl: 60, data: '"x"' },
      soa(12),
      soa(12),
    ]);
  });

  it('re-sends a record whose TTL changed (removed with the old, added with the new)', () => {
    const ttl = entry(11, 12, [
      {
        name: 'www.example.com.',
        type: 'A',
        before: { ttl: null, records: ['192.0.2.1'] },
        after: { ttl: 60, records: ['192.0.2.1'] },
      },
    ]);
    expect(incrementalTransfer(zone, 11, [ttl])?.slice(1, 5)).toEqual([
      soa(11),
      { name: 'www.example.com.', type: 'A', ttl: 3600, data: '192.0.2.1' },
      soa(12),
      { name: 'www.example.com.', type: 'A', ttl: 60, data: '192.0.2.1' },
    ]);
  });

  it('answers the SOA alone to a client up to date', () => {
    expect(incrementalTransfer(zone, 12, [])).toEqual([soa(12)]);
  });

  it('gives the SOA records the SOA’s own TTL when it has one', () => {
    const records = incrementalTransfer({ ...zone, soaTtl: 60 }, 11, [entry(11, 12, [])]);
    expect(records?.map((r) => [r.type, r.ttl])).toEqual(Array(4).fill(['SOA', 60]));
  });

  it('gives up (a full transfer) on a gap, a newer serial, a change of the zone’s fields or signing', () => {
    const one = entry(11, 12, []);
    expect(incrementalTransfer(zone, 10, [one])).toBeNull();
    expect(incrementalTransfer(zone, 13, [])).toBeNull();
    expect(
      incrementalTransfer(zone, 11, [{ ...one, fields: { before: { ttl: 1 }, after: { ttl: 2 } } }]),
    ).toBeNull();
    expect(incrementalTransfer(zone, 11, [{ ...one, source: 'dnssec' }])).toBeNull();
    expect(incrementalTransfer(zone, 10, [entry(10, 11, [])])).toBeNull();
  });
});
