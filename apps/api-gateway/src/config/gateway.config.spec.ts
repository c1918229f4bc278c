import { keystoneSettings, loadGatewayConfig } from './gateway.config';

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

describe('AUTH_STRATEGY=keystone', () => {
  const KEYSTONE = {
    AUTH_STRATEGY: 'keystone',
    KEYSTONE_AUTH_URL: 'http://127.0.0.1:5000/v3',
    KEYSTONE_USERNAME: 'designate',
    KEYSTONE_PASSWORD: 'secret',
    KEYSTONE_PROJECT_NAME: 'service',
  };

  it('reads the service credentials, the domains defaulting to Default', () => {
    const config = loadGatewayConfig(KEYSTONE);
    expect(keystoneSettings(config)).toEqual({
      authUrl: 'http://127.0.0.1:5000/v3',
      username: 'designate',
      password: 'secret',
      projectName: 'service',
      userDomainName: 'Default',
      projectDomainName: 'Default',
      timeoutMs: 5000,
    });
  });

  it.each(['KEYSTONE_AUTH_URL', 'KEYSTONE_USERNAME', 'KEYSTONE_PASSWORD', 'KEYSTONE_PROJECT_NAME'])(
    'fails in one line naming %s when it is missing',
    (name) => {
      const load = () => loadGatewayConfig({ ...KEYSTONE, [name]: undefined });
      expect(load).toThrow(
        new RegExp(
          `^invalid configuration: ${name}=undefined: ${name} is required when AUTH_STRATEGY=keystone$`,
        ),
      );
    },
  );

  it('refuses an auth URL that is no http(s) URL', () => {
    expect(() => loadGatewayConfig({ ...KEYSTONE, KEYSTONE_AUTH_URL: 'keystone:5000' })).toThrow(
      /KEYSTONE_AUTH_URL/,
    );
  });

  it('needs none of them with the other strategies', () => {
    expect(loadGatewayConfig({ AUTH_STRATEGY: 'token' }).AUTH_STRATEGY).toBe('token');
  });
});
