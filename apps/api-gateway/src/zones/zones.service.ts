import { Injectable } from '@nestjs/common';
import { canonicalName } from '@zonewarden/dns';
import { ZonesService as DomainZones } from '@zonewarden/domain';
import { ListQuery, Page, PoolNsRecordRecord, ZoneRecord } from '@zonewarden/persistence';
import { AuthContext } from '../auth/auth-context';
import { MetricsService } from '../metrics/metrics.service';
import { CreateZoneDto } from './dto/create-zone.dto';
import { UpdateZoneDto } from './dto/update-zone.dto';
import { DEFAULT_ZONE_TTL } from './dto/zone-fields';

/** The API's zones: a request's fields into the domain's ZonesService, and the changes counted. */
@Injectable()
export class ZonesService {
  constructor(
    private readonly zones: DomainZones,
    private readonly metrics: MetricsService,
  ) {}

  async create(
    auth: AuthContext,
    dto: Pick<CreateZoneDto, 'name' | 'email' | 'ttl' | 'description' | 'attributes'>,
    requestId: string,
  ): Promise<ZoneRecord> {
    const created = await this.zones.create(
      auth,
      {
        name: canonicalName(dto.name),
        email: dto.email,
        ttl: dto.ttl ?? DEFAULT_ZONE_TTL,
        description: dto.description ?? null,
        attributes: dto.attributes ?? {},
      },
      requestId,
    );
    this.metrics.zoneChanges.inc({ action: 'CREATE' });
    return created;
  }

  get(auth: AuthContext, id: string): Promise<ZoneRecord> {
    return this.zones.get(auth, id);
  }

  list(auth: AuthContext, query: ListQuery): Promise<Page<ZoneRecord>> {
    return this.zones.list(auth, query);
  }

  async update(auth: AuthContext, id: string, dto: UpdateZoneDto, requestId: string): Promise<ZoneRecord> {
    const updated = await this.zones.update(
      auth,
      id,
      { email: dto.email, ttl: dto.ttl, description: dto.description },
      requestId,
    );
    this.metrics.zoneChanges.inc({ action: 'UPDATE' });
    return updated;
  }

  async delete(auth: AuthContext, id: string, requestId: string): Promise<ZoneRecord> {
    const deleting = await this.zones.delete(auth, id, requestId);
    this.metrics.zoneChanges.inc({ action: 'DELETE' });
    return deleting;
  }

  abandon(auth: AuthContext, id: string): Promise<void> {
    return this.zones.abandon(auth, id);
  }

  nameservers(auth: AuthContext, id: string): Promise<PoolNsRecordRecord[]> {
    return this.zones.nameservers(auth, id);
  }
}
