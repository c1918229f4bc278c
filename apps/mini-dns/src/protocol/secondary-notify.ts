import { Injectable, Logger } from '@nestjs/common';
import { WireName } from '@zonewarden/dns';
import { isOneOfMasters } from '@zonewarden/domain';
import {
  PrismaService,
  SecondaryZonesRepository,
  ZoneRecord,
  requestTransfer,
} from '@zonewarden/persistence';

/**
 * A NOTIFY (RFC 1996) for one of our SECONDARY zones asks for a refresh: its transfer is requested through
 * the outbox (zone-worker carries it out, after checking the masters' serial; the notifier itself is
 * never trusted for content). The one write mini-dns makes; any relay publishes it.
 */
@Injectable()
export class SecondaryNotify {
  private readonly logger = new Logger(SecondaryNotify.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly secondaries: SecondaryZonesRepository,
  ) {}

  /**
   * `refresh` when `name` is a live SECONDARY zone and `from` one of its masters (its refresh is then
   * requested), `not-from-a-master` when it comes from elsewhere (as Designate's mdns, RFC 1996 §3.10),
   * undefined when `name` is no SECONDARY zone.
   */
  async notified(name: WireName, from: string): Promise<'refresh' | 'not-from-a-master' | undefined> {
    let zone: ZoneRecord | null;
    try {
      zone = await this.secondaries.findLiveByName(name.toString().toLowerCase());
    } catch (error) {
      // Storage unreachable: answered from the zones in memory; the SOA timer refreshes the zone later.
      this.logger.warn(`a NOTIFY for ${name.toString()} could not be looked up: ${(error as Error).message}`);
      return undefined;
    }
    if (!zone) return undefined;
    if (!(await isOneOfMasters(zone.masters, from))) return 'not-from-a-master';
    await requestTransfer(this.prisma.pg, zone.id, false);
    return 'refresh';
  }
}
