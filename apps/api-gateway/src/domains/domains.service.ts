import { Injectable } from '@nestjs/common';
import { DomainError, notFound } from '@zonewarden/contracts';
import { PoolNsRecordRecord, ZoneRecord, ZonesRepository } from '@zonewarden/persistence';
import { AuthContext, scopeOf } from '../auth/auth-context';
import { authorize } from '../auth/policy';
import { HttpError } from '../common/errors/http-error';
import { ZonesService } from '../zones/zones.service';
import { CreateDomainDto } from './dto/create-domain.dto';
import { UpdateDomainDto } from './dto/update-domain.dto';

const DOMAIN_NOT_FOUND = 'Domain not found';

/** A domain is a live primary zone: one being deleted, or a secondary, is not one. */
const isDomain = (zone: ZoneRecord) => zone.type === 'PRIMARY' && zone.action !== 'DELETE';

/**
 * The legacy interface over the same zones: every change goes through ZonesService (same validation
 * rules, events, propagation); only visibility and status codes differ.
 */
@Injectable()
export class DomainsService {
  constructor(
    private readonly zones: ZonesService,
    private readonly repository: ZonesRepository,
  ) {}

  create(auth: AuthContext, dto: CreateDomainDto, requestId: string): Promise<ZoneRecord> {
    return this.zones.create(auth, dto, requestId);
  }

  async get(auth: AuthContext, id: string): Promise<ZoneRecord> {
    const zone = await this.zones.get(auth, id);
    if (!isDomain(zone)) throw notFound('zone_not_found', DOMAIN_NOT_FOUND);
    return zone;
  }

  list(auth: AuthContext): Promise<ZoneRecord[]> {
    authorize(auth, 'read');
    return this.repository.listLivePrimary(scopeOf(auth));
  }

  /** A missing domain is a 400 here (the legacy contract), and the name cannot change. */
  async update(auth: AuthContext, id: string, dto: UpdateDomainDto, requestId: string): Promise<ZoneRecord> {
    authorize(auth, 'write');
    let zone: ZoneRecord;
    try {
      zone = await this.get(auth, id);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'zone_not_found')
        throw new HttpError(400, error.code, error.message);
      throw error;
    }
    if (dto.name !== undefined && dto.name.toLowerCase() !== zone.name) {
      throw new DomainError('invalid_object', 'Renaming a domain is not allowed');
    }
    return this.zones.update(
      auth,
      id,
      { email: dto.email, ttl: dto.ttl, description: dto.description },
      requestId,
    );
  }

  async delete(auth: AuthContext, id: string, requestId: string): Promise<void> {
    authorize(auth, 'write');
    await this.get(auth, id);
    await this.zones.delete(auth, id, requestId);
  }

  async servers(auth: AuthContext, id: string): Promise<PoolNsRecordRecord[]> {
    await this.get(auth, id);
    return this.zones.nameservers(auth, id);
  }
}
