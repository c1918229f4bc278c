import { parseZonefile } from './parser';
import { zonefileHeader, zonefileLines } from './writer';

describe('zonefile writer', () => {
  it("writes Designate's line shape: name, TTL or nothing, IN, type, data — one space between each", () => {
    const soa = {
      name: 'example.com.',
      type: 'SOA',
      ttl: null,
      records: ['ns1.example.net. a.example.com. 1 2 3 4 5'],
    };
    const www = { name: 'www.example.com.', type: 'A', ttl: 0, records: ['192.0.2.1', '192.0.2.2'] };
    expect(zonefileLines(soa)).toBe('example.com.  IN SOA ns1.example.net. a.example.com. 1 2 3 4 5\n');
    // A TTL of 0 is the record set's own (Designate's template would write none, and so the zone's).
    expect(zonefileLines(www)).toBe('www.example.com. 0 IN A 192.0.2.1\nwww.example.com. 0 IN A 192.0.2.2\n');
  });

  it('gives lines that split as designate-tempest-plugin splits them, and that parse back', () => {
    const line = zonefileLines({
      name: 'example.com.',
      type: 'MX',
      ttl: null,
      records: ['10 mx.example.net.'],
    });
    // designate_tempest_plugin/common/models.py ZoneFileRecord.from_text: Python's `split(' ', 4)`, blanks dropped.
    const words = line.trimEnd().split(' ');
    expect([...words.slice(0, 4), words.slice(4).join(' ')].filter((word) => word.trim())).toEqual([
      'example.com.',
      'IN',
      'MX',
      '10 mx.example.net.',
    ]);
    expect(parseZonefile(zonefileHeader('example.com.', 300) + line).records).toEqual([
      { name: 'example.com.', ttl: 300, type: 'MX', data: '10 mx.example.net.', line: 4 },
    ]);
  });
});
