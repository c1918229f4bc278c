import type { PoolRecord } from '@zonewarden/persistence';
import { nameInZone, nameserversOf } from './record-test.service';

describe('nameInZone', () => {
  it.each([
    ['@', 'example.org.'],
    ['', 'example.org.'],
    ['www', 'www.example.org.'],
    ['WWW.Example.Org.', 'www.example.org.'],
    ['_sip._tcp', '_sip._tcp.example.org.'],
  ])('%j is %s', (name, absolute) => expect(nameInZone(name, 'example.org.')).toBe(absolute));

  it.each(['www.example.com.', 'example.org.evil.', 'a..b'])('refuses %j', (name) =>
    expect(() => nameInZone(name, 'example.org.')).toThrow(/not a (valid )?name/),
  );
});

describe('nameserversOf', () => {
  const pool = {
    nameservers: [
      { host: '127.0.0.1', port: 5354 },
      { host: '192.0.2.53', port: 53 },
    ],
    targets: [
      { type: 'bind9', options: { dns_host: '192.0.2.53', dns_port: '53' } },
      { type: 'powerdns', options: { api_endpoint: 'http://127.0.0.1:8081' } },
    ],
  } as unknown as PoolRecord;

  it('asks each server once, the builtin one first, naming every role it has', () => {
    expect(nameserversOf({ host: '127.0.0.1', port: 5354 }, pool)).toEqual([
      { host: '127.0.0.1', port: 5354, roles: ['mini-dns', 'nameserver'] },
      { host: '192.0.2.53', port: 53, roles: ['nameserver', 'bind9'] },
    ]);
  });

  it('asks the builtin server alone without a pool', () => {
    expect(nameserversOf({ host: '::1', port: 53 }, null)).toEqual([
      { host: '::1', port: 53, roles: ['mini-dns'] },
    ]);
  });
});
