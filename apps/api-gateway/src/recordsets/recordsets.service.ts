import { Injectable } from '@nestjs/common';
import { authorize, QuotasService, scopeOf } from '@zonewarden/domain';
import { DomainError, forbidden } from '@zonewarden/contracts';
import { namesBetween } from '@zonewarden/dns';
import {
  ListQuery,
  Page,
  RecordSetRecord,
  RecordSetsRepository,
  ZonesRepository,
} from '@zonewarden/persistence';
import { AuthContext } from '../auth/auth-context';
import { ZonesService } from '../zones/zones.service';
import { CreateRecordSetDto } from './dto/create-recordset.dto';
import { UpdateRecordSetDto } from './dto/update-recordset.dto';
import {
  canonicalRecords,
  checkPlacement,
  checkSiblings,
  recordSetName,
  recordSetType,
} from './recordset-rules';

/** What the caller asked for with `X-Designate-Edit-Managed-Records` (admins only). */
export interface WriteOptions {
  editManaged: boolean;
  requestId: string;
}

@Injectable()
export class RecordSetsService {
  constructor(
    private readonly quotas: QuotasService,
    private readonly recordSets: RecordSetsRepository,
    private readonly zoneStore: ZonesRepository,
    private readonly zones: ZonesService,
  ) {}

  async create(
    auth: AuthContext,
    zoneId: string,
    dto: CreateRecordSetDto,
    options: WriteOptions,
  ): Promise<RecordSetRecord> {
    authorize(auth, 'write');
    this.checkEditManaged(auth, options);
    const type = recordSetType(dto.type);
    if (type === 'SOA') throw new DomainError('bad_request', 'Creating a SOA recordset is not allowed');
    const name = recordSetName(dto.name);
    const records = canonicalRecords(type, dto.records);
    const zone = await this.zones.get(auth, zoneId);
    checkPlacement(zone, name, type);
    const [child] = await this.zoneStore.liveZoneNames(namesBetween(zone.name, name));
    if (child)
      throw new DomainError('invalid_recordset_location', `RecordSet belongs in a child zone: ${child}`);
    const quotas = await this.quotas.of(zone.projectId);
    return this.recordSets.create(
      scopeOf(auth),
      zoneId,
      { name, type, records, ttl: dto.ttl ?? null, description: dto.description ?? null },
      {
        quotas,
        check: (_zone, recordSet, existing) => checkSiblings(recordSet.name, recordSet.type, existing),
      },
      options.requestId,
    );
  }

  get(auth: AuthContext, id: string, zoneId?: string): Promise<RecordSetRecord> {
    authorize(auth, 'read');
    return this.recordSets.find(scopeOf(auth), id, zoneId);
  }

  async list(auth: AuthContext, zoneId: string | null, query: ListQuery): Promise<Page<RecordSetRecord>> {
    authorize(auth, 'read');
    if (zoneId) await this.zones.get(auth, zoneId);
    return this.recordSets.list(scopeOf(auth), zoneId, query);
  }

  async update(
    auth: AuthContext,
    zoneId: string,
    id: string,
    dto: UpdateRecordSetDto,
    options: WriteOptions,
  ): Promise<RecordSetRecord> {
    authorize(auth, 'write');
    this.checkEditManaged(auth, options);
    const zone = await this.zones.get(auth, zoneId);
    // The type never changes, so the records can be checked before the write transaction.
    const { type } = await this.recordSets.find(scopeOf(auth), id, zoneId);
    const records = dto.records && type !== 'SOA' ? canonicalRecords(type, dto.records) : undefined;
    const quotas = await this.quotas.of(zone.projectId);
    return this.recordSets.update(
      scopeOf(auth),
      zoneId,
      id,
      { ttl: dto.ttl, description: dto.description, records },
      { quotas },
      (current) => {
        if (current.type === 'SOA')
          throw new DomainError('bad_request', 'Updating SOA recordsets is not allowed');
        if (current.managed && !options.editManaged)
          throw new DomainError('bad_request', 'Managed records may not be updated');
        if (dto.name !== undefined && dto.name.toLowerCase() !== current.name) throw immutable('name');
        if (dto.type !== undefined && dto.type.toUpperCase() !== current.type) throw immutable('type');
      },
      options.requestId,
    );
  }

  async delete(
    auth: AuthContext,
    zoneId: string,
    id: string,
    options: WriteOptions,
  ): Promise<RecordSetRecord> {
    authorize(auth, 'write');
    this.checkEditManaged(auth, options);
    await this.zones.get(auth, zoneId);
    return this.recordSets.delete(
      scopeOf(auth),
      zoneId,
      id,
      (current) => {
        if (current.type === 'SOA')
          throw new DomainError('bad_request', 'Deleting a SOA recordset is not allowed');
        if (current.managed && !options.editManaged)
          throw new DomainError('bad_request', 'Managed records may not be deleted');
      },
      options.requestId,
    );
  }

  /** The edit-managed flag itself needs the admin role (Designate's `edit_managed_records` policy). */
  private checkEditManaged(auth: AuthContext, options: WriteOptions): void {
    if (options.editManaged && !auth.isAdmin) throw forbidden();
  }
}

const immutable = (field: string) =>
  new DomainError(
    'invalid_object',
    `Provided object does not match schema. Keys ['${field}'] are not valid for recordset`,
  );
