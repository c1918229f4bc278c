import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { TsigKey } from '@zonewarden/dns';
import type { HostPort } from '@zonewarden/persistence';

/**
 * One kind of DNS server a pool pushes zones to. Both operations are idempotent: ensure on a zone the
 * target already has refreshes it; remove on a zone it does not have succeeds. Propagation is
 * confirmed separately, by polling the pool's nameservers for the SOA serial.
 */
export interface TargetDriver {
  /**
   * `key`: the zone's TSIG key (its own, else its pool's), which the target signs its transfers from the
   * builtin server with, and NOTIFYs to it are signed with; none, transfers are unsigned.
   */
  ensure(zoneName: string, key?: TsigKey): Promise<void>;
  remove(zoneName: string): Promise<void>;
  /**
   * A consumer of the pool's catalog zone (RFC 9432), which provisions itself from it, is told when the
   * catalog changed (`key`: the catalog's own); resolves once it serves the catalog at `serial` or later.
   */
  catalogChanged?(catalogName: string, serial: number, key?: TsigKey): Promise<void>;
}

export interface DriverContext {
  /** Where secondaries transfer zones from: the builtin DNS server. */
  primaries: HostPort[];
}

export type DriverFactory = (options: Record<string, unknown>, context: DriverContext) => TargetDriver;

/** Validates a target's options against its class; the message names every problem. */
export function parseOptions<T extends object>(
  type: new () => T,
  options: Record<string, unknown>,
  driver: string,
): T {
  const parsed = plainToInstance(type, options);
  const errors = validateSync(parsed, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) {
    const problems = errors.map(
      (e) => `${e.property}: ${Object.values(e.constraints ?? { invalid: 'invalid' }).join(', ')}`,
    );
    throw new Error(`${driver} target options: ${problems.join('; ')}`);
  }
  return parsed;
}
