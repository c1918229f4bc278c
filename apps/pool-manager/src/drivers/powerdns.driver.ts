import { IsOptional, IsString, IsUrl } from 'class-validator';
import { DriverFactory, parseOptions } from './target-driver';

class PowerDnsOptions {
  @IsUrl({ require_tld: false, require_protocol: true })
  api_url!: string;

  @IsString()
  api_key!: string;

  @IsString()
  server_id = 'localhost';

  @IsOptional()
  @IsString()
  description?: string;
}

/**
 * PowerDNS Authoritative as a secondary of the builtin DNS server, through its HTTP API: the zone is
 * created with kind Slave and the builtin server as master, then `axfr-retrieve` makes it transfer at
 * once (also after each change). Chosen over pushing records so that PowerDNS always holds exactly
 * what the builtin server serves, including the SOA serial that propagation is confirmed by.
 */
export const powerDnsDriver: DriverFactory = (raw, context) => {
  const options = parseOptions(PowerDnsOptions, raw, 'powerdns');
  const base = `${options.api_url.replace(/\/+$/, '')}/api/v1/servers/${encodeURIComponent(options.server_id)}/zones`;
  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    try {
      return await fetch(`${base}${path}`, {
        method,
        headers: { 'X-API-Key': options.api_key, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
      throw new Error(`powerdns API ${options.api_url} unreachable: ${cause}`);
    }
  };
  const fail = async (what: string, response: Response) =>
    new Error(`powerdns ${what}: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
  const absent = (response: Response) => response.status === 404 || response.status === 422;
  return {
    async ensure(zoneName) {
      const zone = `/${encodeURIComponent(zoneName)}`;
      const existing = await call('GET', zone);
      if (absent(existing)) {
        const masters = context.primaries.map((p) => `${p.host}:${p.port}`);
        const created = await call('POST', '', { name: zoneName, kind: 'Slave', masters });
        if (!created.ok && created.status !== 409) throw await fail('create zone', created);
      } else if (!existing.ok) {
        throw await fail('get zone', existing);
      }
      const retrieve = await call('PUT', `${zone}/axfr-retrieve`);
      if (!retrieve.ok) throw await fail('axfr-retrieve', retrieve);
    },
    async remove(zoneName) {
      const response = await call('DELETE', `/${encodeURIComponent(zoneName)}`);
      if (!response.ok && !absent(response)) throw await fail('delete zone', response);
    },
  };
};
