import { Injectable } from '@nestjs/common';
import { canonicalName } from '@zonewarden/dns';
import {
  ListQuery,
  Page,
  PoolNsRecordRecord,
  PoolsRepository,
  ZoneRecord,
  ZonesRepository,
} from '@zonewarden/persistence';
import { AuthContext, scopeOf } from '../auth/auth-context';
import { authorize } from '../auth/policy';
import { GatewayConfig } from '../config/gateway.config';
import { MetricsService } from '../metrics/metrics.service';
import { QuotasService } from '../quotas/quotas.service';
import { CreateZoneDto } from './dto/create-zone.dto';
import { UpdateZoneDto } from './dto/update-zone.dto';
import { DEFAULT_ZONE_TTL } from './dto/zone-fields';

@Injectable()
export class ZonesService {
  constructor(
    private readonly config: GatewayConfig,
    private readonly pools: PoolsRepository,
    private readonly quotas: QuotasService,
    private readonly zones: ZonesRepository,
    private readonly metrics: MetricsService,
  ) {}

  async create(
    auth: AuthContext,
    dto: Pick<CreateZoneDto, 'name' | 'email' | 'ttl' | 'description' | 'attributes'>,
    requestId: string,
  ): Promise<ZoneRecord> {
    authorize(auth, 'write');
    const { zones: zonesQuota } = await this.quotas.of(auth.projectId);
    const created = await this.zones.create(
      {
        projectId: auth.projectId,
        poolId: this.config.DEFAULT_POOL_ID,
        name: canonicalName(dto.name),
        email: dto.email,
        ttl: dto.ttl ?? DEFAULT_ZONE_TTL,
        description: dto.description ?? null,
        attributes: dto.attributes ?? {},
      },
      zonesQuota,
      requestId,
    );
    this.metrics.zoneChanges.inc({ action: 'CREATE' });
    return created;
  }

  get(auth: AuthContext, id: string): Promise<ZoneRecord> {
    authorize(auth, 'read');
    return this.zones.findInScope(id, scopeOf(auth));
  }

  list(auth: AuthContext, query: ListQuery): Promise<Page<ZoneRecord>> {
    authorize(auth, 'read');
    return this.zones.list(scopeOf(auth), query);
  }

  async update(auth: AuthContext, id: string, dto: UpdateZoneDto, requestId: string): Promise<ZoneRecord> {
    authorize(auth, 'write');
    const updated = await this.zones.update(
      id,
      scopeOf(auth),
      { email: dto.email, ttl: dto.ttl, description: dto.description },
      requestId,
    );
    this.metrics.zoneChanges.inc({ action: 'UPDATE' });
    return updated;
  }

  async delete(auth: AuthContext, id: string, requestId: string): Promise<ZoneRecord> {
    authorize(auth, 'write');
    const deleting = await this.zones.markDeleting(id, scopeOf(auth), requestId);
    this.metrics.zoneChanges.inc({ action: 'DELETE' });
    return deleting;
  }

  /** Admin only, checked before the zone is looked up (policy `abandon_domain`/`abandon_zone`). */
  abandon(auth: AuthContext, id: string): Promise<void> {
    authorize(auth, 'admin');
    return this.zones.abandon(id, scopeOf(auth));
  }

  async nameservers(auth: AuthContext, id: string): Promise<PoolNsRecordRecord[]> {
    const zone = await this.get(auth, id);
    return this.pools.nsRecords(zone.poolId);
  }
}
