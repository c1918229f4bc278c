import { Injectable } from '@nestjs/common';
import { DnsServer, LookupAnswer, lookup, typeCode } from '@zonewarden/dns';
import { PoolRecord, PoolsRepository } from '@zonewarden/persistence';
import { Caller } from '../caller';
import { badRequest } from '../common.errors';
import { DomainSettings } from '../domain-settings';
import { quote } from '../quote';
import { ZonesService } from '../zones/zones.service';

/** How long each nameserver is given to answer (each transport). */
const ANSWER_TIMEOUT_MS = 1500;

/** A server that serves the zone: the builtin one (mini-dns), a pool nameserver, a target's own DNS port. */
export interface ZoneNameserver extends DnsServer {
  /** What it is: `mini-dns`, `nameserver` (the pool's), or a target's type (`bind9`, …). */
  roles: string[];
}

/** One nameserver's answer to the question, or why there is none. */
export interface NameserverAnswer {
  nameserver: ZoneNameserver;
  answer: LookupAnswer | null;
  error: string | null;
  elapsedMs: number;
}

export interface RecordTest {
  name: string;
  type: string;
  answers: NameserverAnswer[];
}

/**
 * "Test a record" (Route 53's test record set): asks every server of a zone — the builtin DNS server,
 * its pool's nameservers and the targets that name a DNS port — one question, and tells what each answers.
 * Anyone who sees the zone may ask.
 */
@Injectable()
export class RecordTestService {
  constructor(
    private readonly zones: ZonesService,
    private readonly pools: PoolsRepository,
    private readonly settings: DomainSettings,
  ) {}

  async test(caller: Caller, zoneId: string, name: string, type: string): Promise<RecordTest> {
    const zone = await this.zones.get(caller, zoneId);
    const question = { name: nameInZone(name, zone.name), type: recordType(type) };
    const servers = nameserversOf(this.settings.builtinNameserver, await this.pools.load(zone.poolId));
    const answers = await Promise.all(
      servers.map(async (nameserver): Promise<NameserverAnswer> => {
        const started = Date.now();
        try {
          const answer = await lookup(nameserver, question.name, question.type, ANSWER_TIMEOUT_MS);
          return { nameserver, answer, error: null, elapsedMs: Date.now() - started };
        } catch (error) {
          return {
            nameserver,
            answer: null,
            error: (error as Error).message,
            elapsedMs: Date.now() - started,
          };
        }
      }),
    );
    return { ...question, answers };
  }
}

/** `name` as an absolute name inside `zone`: relative names (`www`, `@`) are taken relative to it. */
export function nameInZone(name: string, zone: string): string {
  const trimmed = name.trim();
  const absolute =
    trimmed === '' || trimmed === '@' ? zone : trimmed.endsWith('.') ? trimmed : `${trimmed}.${zone}`;
  const lower = absolute.toLowerCase();
  if (lower !== zone && !lower.endsWith(`.${zone}`))
    throw badRequest(`${quote(name)} is not a name inside the zone ${zone}`);
  if (lower.length > 254 || /\.\./.test(lower)) throw badRequest(`${quote(name)} is not a valid name`);
  return lower;
}

function recordType(type: string): string {
  const upper = type.trim().toUpperCase();
  if (!/^[A-Z0-9]+$/.test(upper) || typeCode(upper) === undefined || ['AXFR', 'IXFR', 'OPT'].includes(upper))
    throw badRequest(`${quote(type)} is not a record type that can be asked for`);
  return upper;
}

/**
 * The servers to ask, each once (by host and port), in this order: the builtin server, the pool's
 * nameservers, the targets' DNS ports (`dns_host`/`dns_port` options, as bind9's).
 */
export function nameserversOf(builtin: DnsServer | undefined, pool: PoolRecord | null): ZoneNameserver[] {
  const servers = new Map<string, ZoneNameserver>();
  const add = (server: DnsServer, role: string) => {
    const key = `${server.host.toLowerCase()}:${server.port}`;
    const known = servers.get(key);
    if (known && !known.roles.includes(role)) known.roles.push(role);
    if (!known) servers.set(key, { host: server.host, port: server.port, roles: [role] });
  };
  if (builtin) add(builtin, 'mini-dns');
  for (const server of pool?.nameservers ?? []) add(server, 'nameserver');
  for (const target of pool?.targets ?? []) {
    const { dns_host: host, dns_port: port } = target.options;
    if (typeof host === 'string' && (typeof port === 'number' || typeof port === 'string'))
      add({ host, port: Number(port) }, target.type);
  }
  return [...servers.values()];
}
