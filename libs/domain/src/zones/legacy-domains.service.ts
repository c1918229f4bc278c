import { Injectable } from '@nestjs/common';
import { DomainError } from '../domain-error';
import { PoolNsRecordRecord, ZoneChanges, ZoneRecord, ZonesRepository } from '@zonewarden/persistence';
import { Caller, authorize, scopeOf } from '../caller';
import { ZonesService } from './zones.service';
import { zoneNotFound } from './zones.errors';

/** A domain is a live primary zone: one being deleted, or a secondary, is not one. */
const isDomain = (zone: ZoneRecord) => zone.type === 'PRIMARY' && zone.action !== 'DELETE';

/**
 * The legacy interface over the same zones: every change goes through ZonesService (same rules, events,
 * propagation); only what counts as a domain differs.
 */
@Injectable()
export class LegacyDomainsService {
  constructor(
    private readonly zones: ZonesService,
    private readonly repository: ZonesRepository,
  ) {}

  async get(caller: Caller, id: string): Promise<ZoneRecord> {
    const zone = await this.zones.get(caller, id);
    if (!isDomain(zone)) throw zoneNotFound('Domain not found');
    return zone;
  }

  list(caller: Caller): Promise<ZoneRecord[]> {
    authorize(caller, 'read');
    return this.repository.listLivePrimary(scopeOf(caller));
  }

  /** The name of a domain cannot change. */
  async update(
    caller: Caller,
    id: string,
    changes: ZoneChanges & { name?: string },
    requestId?: string,
  ): Promise<ZoneRecord> {
    authorize(caller, 'write');
    const zone = await this.get(caller, id);
    if (changes.name !== undefined && changes.name.toLowerCase() !== zone.name)
      throw new DomainError('invalid_object', 'Renaming a domain is not allowed');
    const { name: _name, ...zoneChanges } = changes;
    return this.zones.update(caller, id, zoneChanges, requestId, 'legacy');
  }

  async delete(caller: Caller, id: string, requestId?: string): Promise<void> {
    authorize(caller, 'write');
    await this.get(caller, id);
    await this.zones.delete(caller, id, requestId);
  }

  async servers(caller: Caller, id: string): Promise<PoolNsRecordRecord[]> {
    await this.get(caller, id);
    return this.zones.nameservers(caller, id);
  }
}
