import { zoneFromZonefile } from './zone-import';

describe('the zone a zonefile imports', () => {
  it('keeps its name as written (compared in lower case) and its SOA serial and timers', () => {
    const zone = zoneFromZonefile(
      '$ORIGIN Mixed.Test.\n$TTL 300\n@ SOA ns admin 2024010101 7200 900 1209600 300\n@ NS ns\nWWW A 192.0.2.1\n',
    );
    expect(zone).toMatchObject({
      name: 'mixed.test.',
      writtenName: 'Mixed.Test.',
      email: 'admin@mixed.test',
      ttl: 300,
      soa: { serial: 2024010101, refresh: 7200, retry: 900, expire: 1209600, minimum: 300 },
    });
    expect(zone.recordsets.map((set) => set.name)).toEqual(['www.mixed.test.']);
  });

  it('takes the written name from the first owner without $ORIGIN, and SOA timers in TTL units', () => {
    const zone = zoneFromZonefile('Example.COM. 600 SOA ns.Example.COM. admin.Example.COM. 7 1h 15m 2w 5m\n');
    expect(zone).toMatchObject({
      name: 'example.com.',
      writtenName: 'Example.COM.',
      soa: { serial: 7, refresh: 3600, retry: 900, expire: 1209600, minimum: 300 },
    });
  });
});
