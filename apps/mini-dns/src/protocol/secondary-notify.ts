import { Injectable, Logger } from '@nestjs/common';
import { WireName } from '@zonewarden/dns';
import { XfrRequestsService } from '@zonewarden/domain';
import { ZoneRecord } from '@zonewarden/persistence';

/**
 * A NOTIFY (RFC 1996) for one of our SECONDARY zones asks for a refresh: the domain's XfrRequestsService
 * decides and requests its transfer through the outbox (zone-worker carries it out, after checking the
 * masters' serial). The one write mini-dns makes; any relay publishes it.
 */
@Injectable()
export class SecondaryNotify {
  private readonly logger = new Logger(SecondaryNotify.name);

  constructor(private readonly xfrRequests: XfrRequestsService) {}

  /**
   * `refresh` when `name` is a live SECONDARY zone and `from` one of its masters (its refresh is then
   * requested), `not-from-a-master` when it comes from elsewhere, undefined when `name` is no SECONDARY zone.
   */
  async notified(name: WireName, from: string): Promise<'refresh' | 'not-from-a-master' | undefined> {
    let zone: ZoneRecord | null;
    try {
      zone = await this.xfrRequests.notifiedZone(name.toString().toLowerCase());
    } catch (error) {
      // Storage unreachable: answered from the zones in memory; the SOA timer refreshes the zone later.
      this.logger.warn(`a NOTIFY for ${name.toString()} could not be looked up: ${(error as Error).message}`);
      return undefined;
    }
    return zone ? this.xfrRequests.notified(zone, from) : undefined;
  }
}
