import { Injectable } from '@nestjs/common';
import { TsigKey } from '@zonewarden/dns';
import {
  ListQuery,
  NewTsigKey,
  Page,
  Storage,
  TsigKeyChanges,
  TsigKeyRecord,
  TsigKeysRepository,
  ZoneRecord,
  signingKey,
} from '@zonewarden/persistence';
import { Caller, authorize } from '../caller';
import { CatalogZonesService } from '../catalog-zones/catalog-zones.service';
import { pageOrMarkerNotFound } from '../common.errors';
import { duplicateTsigKey, tsigKeyNotFound } from './tsigkeys.errors';

/**
 * TSIG keys (Designate's /v2/tsigkeys): an admin resource, every method admin only. A key of scope ZONE
 * signs the transfers of the zone `resource_id`, one of scope POOL those of the pool's zones: a SECONDARY
 * zone's from its masters, and every zone's from mini-dns to the pool's targets. The secret is shown in
 * the clear; at rest it is encrypted when TSIG_KEY_ENCRYPTION_KEYS is set (the repository's TsigSecrets).
 * The servers' own reads (no caller) are the last three methods.
 */
@Injectable()
export class TsigKeysService {
  constructor(
    private readonly keys: TsigKeysRepository,
    private readonly storage: Storage,
    private readonly catalogZones: CatalogZonesService,
  ) {}

  async list(caller: Caller, query: ListQuery): Promise<Page<TsigKeyRecord>> {
    authorize(caller, 'admin');
    return pageOrMarkerNotFound(await this.keys.list(query), query);
  }

  async get(caller: Caller, id: string): Promise<TsigKeyRecord> {
    authorize(caller, 'admin');
    return (await this.keys.find(id)) ?? notFound();
  }

  async create(caller: Caller, key: NewTsigKey): Promise<TsigKeyRecord> {
    authorize(caller, 'admin');
    return (await this.keys.insert(key)) ?? duplicate();
  }

  async update(caller: Caller, id: string, changes: TsigKeyChanges): Promise<TsigKeyRecord> {
    authorize(caller, 'admin');
    const updated = await this.keys.update(id, changes);
    if (updated === undefined) return notFound();
    return updated ?? duplicate();
  }

  async delete(caller: Caller, id: string): Promise<void> {
    authorize(caller, 'admin');
    if (!(await this.keys.delete(id))) notFound();
  }

  /** Every key, as a server verifying signed requests holds them by name: the catalogs' too. */
  async signingKeys(): Promise<TsigKey[]> {
    const [stored, catalogs] = await Promise.all([this.keys.all(), this.catalogZones.signingKeys()]);
    return [...stored.flatMap((record) => signingKey(record) ?? []), ...catalogs];
  }

  /**
   * The keys a transfer of the zone `name` (lower case) may be signed with; none: it needs no key. A
   * catalog zone's is its own (the pools file's).
   */
  async keysForZoneName(name: string): Promise<Pick<TsigKey, 'name'>[]> {
    const [stored, catalog] = await Promise.all([
      this.keys.forZoneName(name),
      this.catalogZones.keyFor(name),
    ]);
    return catalog ? [...stored, catalog] : stored;
  }

  /** The key a transfer of the zone is signed with: the zone's own, else its pool's; none. */
  async signingKeyFor(zone: Pick<ZoneRecord, 'id' | 'poolId'>): Promise<TsigKey | undefined> {
    return signingKey(await this.keys.forZone(this.storage.autocommit, zone));
  }
}

function notFound(): never {
  throw tsigKeyNotFound();
}

function duplicate(): never {
  throw duplicateTsigKey();
}
