import { IsOptional, IsString, IsUrl } from 'class-validator';
import type { TsigKey } from '@zonewarden/dns';
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
 * what the builtin server serves, including the SOA serial that propagation is confirmed by. With a
 * TSIG key, the key is written to PowerDNS (/tsigkeys) and named in the zone's `slave_tsig_key_ids`
 * (its AXFR-MASTER-TSIG metadata, which the API does not let one set directly; Designate's pdns4 backend
 * sets the same field), so that its transfers are signed.
 */
export const powerDnsDriver: DriverFactory = (raw, context) => {
  const options = parseOptions(PowerDnsOptions, raw, 'powerdns');
  const servers = `${options.api_url.replace(/\/+$/, '')}/api/v1/servers/${encodeURIComponent(options.server_id)}`;
  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    try {
      return await fetch(`${servers}${path}`, {
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
  /** The key as PowerDNS holds it: written over (the secret may have changed), created when missing. */
  const putKey = async (key: TsigKey): Promise<string> => {
    const id = key.name.endsWith('.') ? key.name : `${key.name}.`;
    const body = { name: key.name, algorithm: key.algorithm, key: key.secret };
    const updated = await call('PUT', `/tsigkeys/${encodeURIComponent(id)}`, body);
    if (updated.ok) return id;
    if (!absent(updated)) throw await fail('update TSIG key', updated);
    const created = await call('POST', '/tsigkeys', body);
    if (!created.ok && created.status !== 409) throw await fail('create TSIG key', created);
    return id;
  };
  return {
    async ensure(zoneName, key) {
      const zone = `/zones/${encodeURIComponent(zoneName)}`;
      const existing = await call('GET', zone);
      const keyIds = key ? [await putKey(key)] : [];
      if (absent(existing)) {
        const masters = context.primaries.map((p) => `${p.host}:${p.port}`);
        const body = { name: zoneName, kind: 'Slave', masters, slave_tsig_key_ids: keyIds };
        const created = await call('POST', '/zones', body);
        if (!created.ok && created.status !== 409) throw await fail('create zone', created);
      } else if (!existing.ok) {
        throw await fail('get zone', existing);
      } else {
        const { slave_tsig_key_ids: held = [] } = (await existing.json()) as {
          slave_tsig_key_ids?: string[];
        };
        if (held.join() !== keyIds.join()) {
          const changed = await call('PUT', zone, { slave_tsig_key_ids: keyIds });
          if (!changed.ok) throw await fail('set the TSIG key', changed);
        }
      }
      const retrieve = await call('PUT', `${zone}/axfr-retrieve`);
      if (!retrieve.ok) throw await fail('axfr-retrieve', retrieve);
    },
    async remove(zoneName) {
      const response = await call('DELETE', `/zones/${encodeURIComponent(zoneName)}`);
      if (!response.ok && !absent(response)) throw await fail('delete zone', response);
    },
  };
};
