import { DomainError } from '../domain-error';
import { checkZoneKind, isOneOfMasters, parseMaster } from './secondary-zone-rules';

describe('SECONDARY zone rules', () => {
  it.each([
    ['192.0.2.1', { host: '192.0.2.1', port: 53 }],
    ['192.0.2.1:5353', { host: '192.0.2.1', port: 5353 }],
    ['ns1.example.net', { host: 'ns1.example.net', port: 53 }],
    ['ns1.example.net.:53', { host: 'ns1.example.net.', port: 53 }],
    ['2001:db8::1', { host: '2001:db8::1', port: 53 }],
    ['[2001:db8::1]:5353', { host: '2001:db8::1', port: 5353 }],
  ])('reads the master %s', (master, server) => {
    expect(parseMaster(master)).toEqual(server);
  });

  it.each(['', 'not a host', '192.0.2.1:0', '192.0.2.1:65536', '[2001:db8::1]', 'a..b', '-a.example', 'h:p'])(
    'refuses the master %p',
    (master) => {
      expect(parseMaster(master)).toBeNull();
    },
  );

  it('normalises masters: the port only when it is not 53', () => {
    expect(checkZoneKind({ type: 'SECONDARY', masters: ['192.0.2.1:53', 'ns.example.net:5353'] })).toEqual([
      '192.0.2.1',
      'ns.example.net:5353',
    ]);
  });

  it.each([
    [{ type: 'SECONDARY' as const }, "'masters' is a required property"],
    [
      { type: 'SECONDARY' as const, masters: ['192.0.2.1'], email: 'a@b.c' },
      "'email' can't be specified when type is SECONDARY",
    ],
    [
      { type: 'SECONDARY' as const, masters: ['192.0.2.1'], ttl: 0 },
      "'ttl' can't be specified when type is SECONDARY",
    ],
    [{ masters: ['192.0.2.1'] }, "'masters' has more items than allowed"],
  ])('refuses %p', (input, message) => {
    expect(() => checkZoneKind(input)).toThrow(new DomainError('invalid_object', message));
  });

  it('gives a PRIMARY zone no masters', () => {
    expect(checkZoneKind({ masters: [] })).toEqual([]);
  });

  it.each([
    ['127.0.0.1', ['127.0.0.1:5353'], true],
    ['::ffff:127.0.0.1', ['127.0.0.1'], true],
    ['127.0.0.1', ['localhost:5353'], true],
    ['2001:db8::1', ['[2001:db8::1]:53'], true],
    ['192.0.2.9', ['192.0.2.1', '192.0.2.2:53'], false],
    ['127.0.0.1', ['no-such-host.invalid'], false],
  ])('tells whether a NOTIFY from %s comes from one of %p: %p', async (address, masters, expected) => {
    expect(await isOneOfMasters(masters, address)).toBe(expected);
  });
});
