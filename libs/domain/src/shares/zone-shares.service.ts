import { Injectable } from '@nestjs/common';
import {
  ListQuery,
  Page,
  RecordSetsRepository,
  Storage,
  ZoneShareRecord,
  ZoneSharesRepository,
} from '@zonewarden/persistence';
import { Caller, authorize } from '../caller';
import { badRequest, pageOrMarkerNotFound } from '../common.errors';
import { ProjectDirectory } from '../projects/project-directory';
import { checkNotDeleting } from '../zones/zone-rules';
import { ZonesService } from '../zones/zones.service';
import { duplicateZoneShare, sharedZoneHasRecordSets, sharedZoneNotFound } from './zone-shares.errors';

/**
 * Shared zones (Designate's `share_zone`, `unshare_zone`): the owner shares its zone with another project,
 * which then sees the zone and manages its record sets, never the zone itself. Who sees the zone sees its
 * shares; only the owner (or an admin) shares and unshares.
 */
@Injectable()
export class ZoneSharesService {
  constructor(
    private readonly storage: Storage,
    private readonly recordSets: RecordSetsRepository,
    private readonly shares: ZoneSharesRepository,
    private readonly zones: ZonesService,
    private readonly projects: ProjectDirectory,
  ) {}

  /** The target project must not be unknown to the identity service (asked first, as Designate does). */
  async share(caller: Caller, zoneId: string, targetProjectId: string): Promise<ZoneShareRecord> {
    authorize(caller, 'write');
    await this.projects.checkExists(caller, targetProjectId);
    return this.storage.transaction(async (tx) => {
      const zone = await this.zones.lockInScope(tx, caller, zoneId);
      checkNotDeleting(zone);
      if (zone.projectId === targetProjectId) throw badRequest('Cannot share the zone with the zone owner.');
      const sharer = caller.projectId ?? zone.projectId;
      const share = await this.shares.insert(tx, { zoneId, projectId: sharer, targetProjectId });
      if (!share) throw duplicateZoneShare();
      return share;
    });
  }

  async get(caller: Caller, zoneId: string, id: string): Promise<ZoneShareRecord> {
    await this.zones.get(caller, zoneId);
    const share = await this.shares.find(zoneId, id);
    if (!share) throw sharedZoneNotFound();
    return share;
  }

  async list(caller: Caller, zoneId: string, query: ListQuery): Promise<Page<ZoneShareRecord>> {
    await this.zones.get(caller, zoneId);
    return pageOrMarkerNotFound(await this.shares.list(zoneId, query), query);
  }

  /**
   * The project it was shared with loses the zone at once; refused while that project still has record sets
   * in it (Designate's `unshare_zone`). The zone's lock keeps it from creating one meanwhile.
   */
  async unshare(caller: Caller, zoneId: string, id: string): Promise<void> {
    authorize(caller, 'write');
    await this.storage.transaction(async (tx) => {
      await this.zones.lockInScope(tx, caller, zoneId);
      const target = await this.shares.delete(tx, zoneId, id);
      if (target === null) throw sharedZoneNotFound();
      // Thrown after the delete, it rolls the delete back.
      if (await this.recordSets.anyCreatedBy(tx, zoneId, target)) throw sharedZoneHasRecordSets(target);
    });
  }
}
