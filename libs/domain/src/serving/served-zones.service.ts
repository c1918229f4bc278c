import { Injectable } from '@nestjs/common';
import { ZoneContent, ZoneContentRepository } from '@zonewarden/persistence';
import { CatalogZonesService } from '../catalog-zones/catalog-zones.service';

/**
 * What an authoritative server (mini-dns) reads of the zones it serves: their names and content. The pools'
 * catalog zones are served zones too.
 */
@Injectable()
export class ServedZonesService {
  constructor(
    private readonly content: ZoneContentRepository,
    private readonly catalogZones: CatalogZonesService,
  ) {}

  /** Served zone names after `after`, in order, at most `limit`. */
  servedZoneNames(after: string, limit: number): Promise<string[]> {
    return this.content.servedZoneNames(after, limit);
  }

  /** Which of these names are served zones. */
  servedAmong(names: string[]): Promise<string[]> {
    return this.content.servedAmong(names);
  }

  /** A served zone's records (its signer's too), or a catalog zone's, or null. */
  async load(name: string): Promise<ZoneContent | null> {
    return (await this.content.load(name)) ?? this.catalogZones.load(name);
  }
}
