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
  ) {}

  async create(
    auth: AuthContext,
    dto: Pick<CreateZoneDto, 'name' | 'email' | 'ttl' | 'description' | 'attributes'>,
    requestId: string,
  ): Promise<ZoneRecord> {
    authorize(auth, 'write');
    const { zones: zonesQuota } = await this.quotas.of(auth.projectId);
    return this.zones.create(
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
  }

  get(auth: AuthContext, id: string): Promise<ZoneRecord> {
    authorize(auth, 'read');
    return this.zones.findInScope(id, scopeOf(auth));
  }

  list(auth: AuthContext, query: ListQuery): Promise<Page<ZoneRecord>> {
    authorize(auth, 'read');
    return this.zones.list(scopeOf(auth), query);
  }

  update(auth: AuthContext, id: string, dto: UpdateZoneDto, requestId: string): Promise<ZoneRecord> {
    authorize(auth, 'write');
    return this.zones.update(
      id,
      scopeOf(auth),
      { email: dto.email, ttl: dto.ttl, description: dto.description },
      requestId,
    );
  }

  delete(auth: AuthContext, id: string, requestId: string): Promise<ZoneRecord> {
    authorize(auth, 'write');
    return this.zones.markDeleting(id, scopeOf(auth), requestId);
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
