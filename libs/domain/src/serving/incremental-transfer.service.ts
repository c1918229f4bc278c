import { Injectable } from '@nestjs/common';
import { ZoneHistoryRepository } from '@zonewarden/persistence';
import { ServedZone, TransferRecord, incrementalTransfer } from '../changes/incremental-transfer';
import { CatalogZonesService } from '../catalog-zones/catalog-zones.service';

/** A zone as the server answering an incremental transfer holds it. */
export interface TransferredZone extends ServedZone {
  /** The zone's id; a catalog zone's pool's. */
  id: string;
  /** Signed (DNSSEC): its history does not hold the signatures its changes renewed. */
  signed: boolean;
  /** A catalog zone: the version it serves (its serial before it wraps). */
  catalogVersion?: number;
}

/**
 * The most history entries an incremental transfer reads: a client further behind gets the whole zone (as
 * from BIND when its journal no longer reaches the client's serial).
 */
export const MAX_TRANSFER_CHANGES = 1000;

/** What an authoritative server (mini-dns) reads of a zone's history to answer IXFR (RFC 1995). */
@Injectable()
export class IncrementalTransferService {
  constructor(
    private readonly history: ZoneHistoryRepository,
    private readonly catalogZones: CatalogZonesService,
  ) {}

  /**
   * The incremental transfer of `zone` from the client's serial `from` to the serial the server holds
   * (`incrementalTransfer`: the SOA alone when they are equal), or null when only a full transfer can
   * tell it: a signed zone, a history that does not reach `from` (pruned, or more than
   * MAX_TRANSFER_CHANGES changes behind) or not yet `zone.serial`, a change of the zone's fields or signing.
   * Changes stored after `zone.serial` (not yet loaded by the server) are left for the next transfer. A
   * catalog zone's come from its members' versions (CatalogZonesService).
   */
  async differences(zone: TransferredZone, from: number): Promise<TransferRecord[] | null> {
    if (from === zone.serial) return incrementalTransfer(zone, from, []);
    if (zone.catalogVersion !== undefined)
      return this.catalogZones.differences(
        { poolId: zone.id, name: zone.name, version: zone.catalogVersion },
        from,
      );
    if (zone.signed) return null;
    const entries = await this.history.since(zone.id, from, MAX_TRANSFER_CHANGES);
    const last = entries.findIndex((entry) => entry.serial === zone.serial);
    return last < 0 ? null : incrementalTransfer(zone, from, entries.slice(0, last + 1));
  }
}
