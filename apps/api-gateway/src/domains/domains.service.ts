import { Injectable } from '@nestjs/common';
import { DomainError } from '@zonewarden/domain';
import { LegacyDomainsService } from '@zonewarden/domain';
import { PoolNsRecordRecord, ZoneRecord } from '@zonewarden/persistence';
import { AuthContext } from '../auth/auth-context';
import { HttpError } from '../common/errors/http-error';
import { MetricsService } from '../metrics/metrics.service';
import { ZonesService } from '../zones/zones.service';
import { CreateDomainDto } from './dto/create-domain.dto';
import { UpdateDomainDto } from './dto/update-domain.dto';

/**
 * The legacy interface: the domain's LegacyDomainsService, created through the API's ZonesService, and
 * the legacy contract's statuses (a missing domain in an update is a 400).
 */
@Injectable()
export class DomainsService {
  constructor(
    private readonly zones: ZonesService,
    private readonly domains: LegacyDomainsService,
    private readonly metrics: MetricsService,
  ) {}

  create(auth: AuthContext, dto: CreateDomainDto, requestId: string): Promise<ZoneRecord> {
    return this.zones.create(auth, dto, requestId);
  }

  get(auth: AuthContext, id: string): Promise<ZoneRecord> {
    return this.domains.get(auth, id);
  }

  list(auth: AuthContext): Promise<ZoneRecord[]> {
    return this.domains.list(auth);
  }

  async update(auth: AuthContext, id: string, dto: UpdateDomainDto, requestId: string): Promise<ZoneRecord> {
    try {
      const updated = await this.domains.update(auth, id, dto, requestId);
      this.metrics.zoneChanges.inc({ action: 'UPDATE' });
      return updated;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'zone_not_found')
        throw new HttpError(400, error.code, error.message);
      throw error;
    }
  }

  async delete(auth: AuthContext, id: string, requestId: string): Promise<void> {
    await this.domains.delete(auth, id, requestId);
    this.metrics.zoneChanges.inc({ action: 'DELETE' });
  }

  servers(auth: AuthContext, id: string): Promise<PoolNsRecordRecord[]> {
    return this.domains.servers(auth, id);
  }
}
