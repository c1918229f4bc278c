import { ServiceConfig, loadConfig } from './service.config';

describe('loadConfig', () => {
  it('applies defaults and reads numbers', () => {
    const config = loadConfig(ServiceConfig, { MINIDNS_PORT: '5399', DATABASE_URL: '' });
    expect(config.MINIDNS_PORT).toBe(5399);
    expect(config.DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/zonewarden');
    expect(config.AMQP_NAMESPACE).toBe('zonewarden');
  });

  it('names every bad variable', () => {
    expect(() => loadConfig(ServiceConfig, { MINIDNS_PORT: 'x', AMQP_NAMESPACE: 'a b' })).toThrow(
      /MINIDNS_PORT="x".*AMQP_NAMESPACE="a b"|AMQP_NAMESPACE="a b".*MINIDNS_PORT="x"/,
    );
  });

  it('names a bad secret setting without its value', () => {
    const bad = () => loadConfig(ServiceConfig, { TSIG_KEY_ENCRYPTION_KEYS: 'k1=too short' });
    expect(bad).toThrow(/TSIG_KEY_ENCRYPTION_KEYS=\(hidden\): TSIG_KEY_ENCRYPTION_KEYS must be id=secret/);
    expect(() => {
      try {
        bad();
      } catch (error) {
        throw new Error((error as Error).message.includes('too short') ? 'the value is shown' : 'hidden');
      }
    }).toThrow('hidden');
    expect(
      loadConfig(ServiceConfig, {
        TSIG_KEY_ENCRYPTION_KEYS: 'k2=a long enough secret, k1=and another older one',
      }),
    ).toMatchObject({ TSIG_KEY_ENCRYPTION_KEYS: 'k2=a long enough secret, k1=and another older one' });
  });
});
