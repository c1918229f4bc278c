import { Injectable } from '@nestjs/common';
import { authorize, QuotasService, scopeOf } from '@zonewarden/domain';
import { DomainError } from '@zonewarden/contracts';
import { zonefileHeader, zonefileLines } from '@zonewarden/dns';
import {
  ExportRecord,
  ExportsRepository,
  ListQuery,
  Page,
  ZoneContentRepository,
  overQuota,
} from '@zonewarden/persistence';
import { AuthContext } from '../auth/auth-context';
import { ZonesService } from '../zones/zones.service';

@Injectable()
export class ExportsService {
  constructor(
    private readonly content: ZoneContentRepository,
    private readonly exports: ExportsRepository,
    private readonly quotas: QuotasService,
    private readonly zones: ZonesService,
  ) {}

  /** Zones above the export size quota (record sets) are refused at once, as Designate does. */
  async create(auth: AuthContext, zoneId: string, requestId: string): Promise<ExportRecord> {
    authorize(auth, 'write');
    const zone = await this.zones.get(auth, zoneId);
    const { api_export_size: limit } = await this.quotas.of(zone.projectId);
    if (limit >= 0 && (await this.content.recordSetCount(zone.id)) > limit)
      throw overQuota('api_export_size');
    return this.exports.create(scopeOf(auth), zoneId, requestId);
  }

  get(auth: AuthContext, id: string): Promise<ExportRecord> {
    authorize(auth, 'read');
    return this.exports.find(scopeOf(auth), id);
  }

  list(auth: AuthContext, query: ListQuery): Promise<Page<ExportRecord>> {
    authorize(auth, 'read');
    return this.exports.list(scopeOf(auth), query);
  }

  delete(auth: AuthContext, id: string): Promise<void> {
    authorize(auth, 'write');
    return this.exports.delete(scopeOf(auth), id);
  }

  /** Streams the zonefile: `$ORIGIN`, `$TTL`, the SOA (current serial), the pool's NS, then every record. */
  async stream(auth: AuthContext, id: string, write: (chunk: string) => Promise<void>): Promise<void> {
    authorize(auth, 'write');
    const record = await this.exports.find(scopeOf(auth), id);
    if (record.status !== 'COMPLETE')
      throw new DomainError('bad_request', 'Zone can not be exported synchronously');
    const zone = await this.zones.get(auth, record.zoneId);
    await write(zonefileHeader(zone.name, zone.ttl));
    await this.content.eachRecordSet(zone.id, (batch) => write(batch.map(zonefileLines).join('')));
  }
}
