import { loadGatewayConfig } from './gateway.config';

describe('TRUSTED_PROXIES', () => {
  it('trusts no proxy by default', () => {
    expect(loadGatewayConfig({}).TRUSTED_PROXIES).toEqual([]);
  });

  it('reads a comma-separated list of addresses and CIDRs', () => {
    const config = loadGatewayConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.7,::1 ,2001:db8::/32' });
    expect(config.TRUSTED_PROXIES).toEqual(['10.0.0.0/8', '192.0.2.7', '::1', '2001:db8::/32']);
  });

  it.each([
    'proxy.example.net',
    '10.0.0.256',
    '10.0.0.0/33',
    '2001:db8::/129',
    '10.0.0.0/8/8',
    'fe80::1%eth0',
    '10.0.0.0/',
  ])('refuses %s, naming the variable', (value) => {
    expect(() => loadGatewayConfig({ TRUSTED_PROXIES: value })).toThrow(/TRUSTED_PROXIES/);
  });
});

describe('DESIGNATE_STATUS_CODES', () => {
  it("keeps the seed's codes by default", () => {
    expect(loadGatewayConfig({}).DESIGNATE_STATUS_CODES).toBe(false);
  });

  it.each([
    ['true', true],
    ['false', false],
  ])('reads %s', (value, expected) => {
    expect(loadGatewayConfig({ DESIGNATE_STATUS_CODES: value }).DESIGNATE_STATUS_CODES).toBe(expected);
  });

  it.each(['yes', '1', 'TRUE'])('refuses %j, naming the variable', (value) => {
    expect(() => loadGatewayConfig({ DESIGNATE_STATUS_CODES: value })).toThrow(/DESIGNATE_STATUS_CODES/);
  });
});
