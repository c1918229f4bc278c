import { Injectable } from '@nestjs/common';
import { ZoneContentRepository } from '@zonewarden/persistence';
import { Caller } from '../caller';
import { ZonesService } from '../zones/zones.service';
import { TextRecordSet, ZoneTextBatch, zoneTextBatch } from './zone-text';

/**
 * A zone edited as text: the batch (`POST …/changes`) that makes its record sets those of a zonefile,
 * computed without applying it, so that a client shows the difference first. Anyone who sees the zone may
 * ask; the batch is judged when it is applied.
 */
@Injectable()
export class ZoneTextService {
  constructor(
    private readonly zones: ZonesService,
    private readonly content: ZoneContentRepository,
  ) {}

  async batchFrom(caller: Caller, zoneId: string, zonefile: string): Promise<ZoneTextBatch> {
    const zone = await this.zones.get(caller, zoneId);
    const current: TextRecordSet[] = [];
    await this.content.eachRecordSet(zone.id, async (batch) => {
      current.push(...batch);
    });
    return zoneTextBatch(zone, current, zonefile);
  }
}
