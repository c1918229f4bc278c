import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ExportRequestedV1 } from '@zonewarden/contracts';
import { zonefileHeader, zonefileLines } from '@zonewarden/dns';
import {
  ExportRecord,
  ExportsRepository,
  ListQuery,
  OutboxWriter,
  Page,
  Storage,
  ZoneContentRepository,
  ZonePropagationRepository,
} from '@zonewarden/persistence';
import { Caller, authorize } from '../caller';
import { exportRequested } from '../events/task-events';
import { badRequest } from '../common.errors';
import { QuotasService } from '../quotas/quotas.service';
import { overQuota } from '../quotas/quotas.errors';
import { ZonesService } from '../zones/zones.service';
import { TaskAccess } from '../tasks/task-access';
import { exportNotFound } from './exports.errors';

/** Where the API serves a completed export's content (Designate's `designate://…` scheme, ours). */
export const exportLocation = (exportId: string) => `zonewarden://v2/zones/tasks/exports/${exportId}/export`;

/** Zone exports: requested here, completed by zone-worker; the content is rendered when fetched. */
@Injectable()
export class ExportsService {
  private readonly records: TaskAccess<ExportRecord>;

  constructor(
    private readonly storage: Storage,
    private readonly outbox: OutboxWriter,
    private readonly content: ZoneContentRepository,
    private readonly exports: ExportsRepository,
    private readonly propagation: ZonePropagationRepository,
    private readonly quotas: QuotasService,
    private readonly zones: ZonesService,
  ) {
    this.records = new TaskAccess(this.exports, exportNotFound);
  }

  /** Zones above the export size quota (record sets) are refused at once, as Designate does. */
  async create(caller: Caller, zoneId: string, requestId?: string): Promise<ExportRecord> {
    authorize(caller, 'write');
    const zone = await this.zones.get(caller, zoneId);
    const { api_export_size: limit } = await this.quotas.of(zone.projectId);
    if (limit >= 0 && (await this.content.recordSetCount(zone.id)) > limit)
      throw overQuota('api_export_size');
    return this.storage.transaction(async (tx) => {
      const locked = await this.zones.lockInScope(tx, caller, zoneId);
      const task = { id: randomUUID(), zoneId: locked.id, projectId: locked.projectId };
      const created = await this.exports.insert(tx, task);
      await this.outbox.write(tx, exportRequested(task, requestId));
      return created;
    });
  }

  get(caller: Caller, id: string): Promise<ExportRecord> {
    return this.records.get(caller, id);
  }

  list(caller: Caller, query: ListQuery): Promise<Page<ExportRecord>> {
    return this.records.list(caller, query);
  }

  delete(caller: Caller, id: string): Promise<void> {
    return this.records.delete(caller, id);
  }

  /**
   * zone-worker's part: the export is checked and marked COMPLETE — once: a redelivered request finds it no
   * longer pending. The content itself is rendered when fetched (stream), so it always shows the zone as
   * it is, its current SOA serial included.
   */
  async complete(request: ExportRequestedV1): Promise<void> {
    const zone = await this.propagation.findById(request.zoneId);
    const outcome = zone
      ? ({ status: 'COMPLETE', location: exportLocation(request.exportId) } as const)
      : ({ status: 'ERROR', message: 'The zone no longer exists' } as const);
    await this.exports.finish(request.exportId, outcome);
  }

  /** Streams the zonefile: `$ORIGIN`, `$TTL`, the SOA (current serial), the pool's NS, then every record. */
  async stream(caller: Caller, id: string, write: (chunk: string) => Promise<void>): Promise<void> {
    authorize(caller, 'write');
    const record = await this.get(caller, id);
    if (record.status !== 'COMPLETE') throw badRequest('Zone can not be exported synchronously');
    const zone = await this.zones.get(caller, record.zoneId);
    // The origin as the zone shows it (Designate's export); the records' owner names are absolute.
    await write(zonefileHeader(zone.writtenName, zone.ttl));
    await this.content.eachRecordSet(zone.id, (batch) => write(batch.map(zonefileLines).join('')));
  }
}
