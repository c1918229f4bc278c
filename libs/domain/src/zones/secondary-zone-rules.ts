import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { DnsServer } from '@zonewarden/dns';
import { ZoneRecord, ZoneType } from '@zonewarden/persistence';
import { Caller } from '../caller';
import { forbidden } from '../common.errors';
import { DomainError } from '../domain-error';

/** The email of a SECONDARY zone, which its creator may not give (Designate's `managed_resource_email`). */
export const SECONDARY_ZONE_EMAIL = 'hostmaster@example.com';
/** The serial of a SECONDARY zone before its first transfer (Designate's). */
export const SECONDARY_INITIAL_SERIAL = 1;

/** What decides a zone's kind on creation. */
export interface ZoneKindRequest {
  type?: ZoneType;
  masters?: string[];
  email?: string;
  ttl?: number;
}

const invalid = (path: string[], message: string, validator: string) =>
  new DomainError('invalid_object', message, { errors: [{ path, message, validator }] });

/**
 * Designate's zone validation by type: a PRIMARY zone has no masters (and needs an email, which the API
 * checks); a SECONDARY zone needs masters, each `host` or `host:port`, and takes no email nor TTL.
 * Returns the masters normalised (`host`, or `host:port` when the port is not 53).
 */
export function checkZoneKind(input: ZoneKindRequest): string[] {
  const masters = input.masters ?? [];
  if ((input.type ?? 'PRIMARY') !== 'SECONDARY') {
    if (masters.length) throw invalid(['type'], "'masters' has more items than allowed", 'maxItems');
    return [];
  }
  if (!masters.length) throw invalid(['type', 'masters'], "'masters' is a required property", 'required');
  checkSecondaryChanges(input);
  return masters.map((master, i) => {
    const server = parseMaster(master);
    if (!server)
      throw invalid(['masters', String(i)], `'${master}' is not a valid host or host:port`, 'format');
    return server.port === 53 ? server.host : `${server.host}:${server.port}`;
  });
}

const HOSTNAME =
  /^(?=.{1,253}\.?$)([a-z0-9_]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9_]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

/** A master as `host`, `host:port` or `[v6]:port`; null when it is none of those. */
export function parseMaster(master: string): DnsServer | null {
  const bracketed = /^\[([^\]]+)\]:(\d{1,5})$/.exec(master);
  const withPort = /^([^:]+):(\d{1,5})$/.exec(master);
  const [host, port] = bracketed
    ? [bracketed[1], Number(bracketed[2])]
    : withPort
      ? [withPort[1], Number(withPort[2])]
      : [master, 53];
  if (port < 1 || port > 65535) return null;
  if (isIP(host) || (!host.includes(':') && HOSTNAME.test(host))) return { host, port };
  return null;
}

/** IPv4 clients of a dual-stack socket come as `::ffff:a.b.c.d`. */
const unmapped = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** Whether `address` is one of `masters` (an IP, or one a master's hostname resolves to). */
export async function isOneOfMasters(masters: string[], address: string): Promise<boolean> {
  const client = unmapped(address);
  for (const master of masters) {
    const server = parseMaster(master);
    if (!server) continue;
    const addresses = isIP(server.host)
      ? [server.host]
      : await lookup(server.host, { all: true }).then(
          (found) => found.map((a) => a.address),
          () => [],
        );
    if (addresses.some((a) => unmapped(a) === client)) return true;
  }
  return false;
}

/** A PATCH of a SECONDARY zone: its email and TTL are its masters'. */
export function checkSecondaryChanges(changes: { email?: string; ttl?: number }): void {
  for (const field of ['email', 'ttl'] as const)
    if (changes[field] !== undefined)
      throw invalid(['type'], `'${field}' can't be specified when type is SECONDARY`, 'not_allowed');
}

/** Record sets of a SECONDARY zone come from its masters: only an admin may change them (Designate's policy). */
export function checkRecordSetsWritable(caller: Caller, zone: ZoneRecord): void {
  if (zone.type === 'SECONDARY' && !caller.isAdmin) throw forbidden();
}

/** tasks/xfr is for SECONDARY zones only. */
export function checkTransferable(zone: ZoneRecord): void {
  if (zone.type !== 'SECONDARY') throw new DomainError('bad_request', "Can't XFR a non Secondary zone.");
}
