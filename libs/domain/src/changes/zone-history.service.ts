import { Injectable } from '@nestjs/common';
import { serialIsNewer } from '@zonewarden/dns';
import {
  HistoryView,
  ListQuery,
  Page,
  ZoneHistoryRecord,
  ZoneHistoryRepository,
  ZoneRecord,
} from '@zonewarden/persistence';
import { Caller, authorize } from '../caller';
import { pageOrMarkerNotFound } from '../common.errors';
import { throughShare } from '../shares/share-rules';
import { ZonesService } from '../zones/zones.service';
import { changeNotFound } from './changes.errors';

/** PENDING until every nameserver of the pool serves the change's serial, then ACTIVE. */
export type ChangeStatus = 'PENDING' | 'ACTIVE';

export interface ZoneChangeEntry extends ZoneHistoryRecord {
  status: ChangeStatus;
}

/** Whether the zone's confirmed serial includes `entry`'s (RFC 1982 order: serials wrap). */
export function statusOf(
  entry: Pick<ZoneHistoryRecord, 'serial'>,
  zone: Pick<ZoneRecord, 'propagatedSerial'>,
) {
  const served = zone.propagatedSerial;
  return served !== null && !serialIsNewer(entry.serial, served) ? 'ACTIVE' : 'PENDING';
}

export const withStatus = (entry: ZoneHistoryRecord, zone: ZoneRecord): ZoneChangeEntry => ({
  ...entry,
  status: statusOf(entry, zone),
});

/**
 * Who reads a zone's history: whoever sees the zone — its project and admins (all projects, sudo) all of
 * it; a project the zone is shared with, the changes it made itself.
 */
@Injectable()
export class ZoneHistoryService {
  constructor(
    private readonly history: ZoneHistoryRepository,
    private readonly zones: ZonesService,
  ) {}

  async list(caller: Caller, zoneId: string, query: ListQuery): Promise<Page<ZoneChangeEntry>> {
    const { zone, view } = await this.viewOf(caller, zoneId);
    const page = pageOrMarkerNotFound(await this.history.list(view, query), query);
    return { ...page, items: page.items.map((entry) => withStatus(entry, zone)) };
  }

  async get(caller: Caller, zoneId: string, id: string): Promise<ZoneChangeEntry> {
    const { zone, view } = await this.viewOf(caller, zoneId);
    const entry = await this.history.find(view, id.toLowerCase());
    if (!entry) throw changeNotFound();
    return withStatus(entry, zone);
  }

  private async viewOf(caller: Caller, zoneId: string): Promise<{ zone: ZoneRecord; view: HistoryView }> {
    authorize(caller, 'read');
    const zone = await this.zones.get(caller, zoneId);
    const view: HistoryView = { zoneId: zone.id };
    if (throughShare(caller, zone)) view.actorProjectId = caller.projectId ?? '';
    return { zone, view };
  }
}
