import { Injectable } from '@nestjs/common';
import { WireName } from '@zonewarden/dns';
import { PrismaService, SecondaryZonesRepository, requestTransfer } from '@zonewarden/persistence';

/**
 * A NOTIFY (RFC 1996) for one of our SECONDARY zones asks for a refresh: its transfer is requested through
 * the outbox (zone-worker carries it out, after checking the masters' serial; the notifier itself is
 * never trusted for content). The one write mini-dns makes; any relay publishes it.
 */
@Injectable()
export class SecondaryNotify {
  constructor(
    private readonly prisma: PrismaService,
    private readonly secondaries: SecondaryZonesRepository,
  ) {}

  /** Whether `name` is a live SECONDARY zone, whose refresh was then requested. */
  async notified(name: WireName): Promise<boolean> {
    const zone = await this.secondaries.findLiveByName(name.toString().toLowerCase());
    if (!zone) return false;
    await requestTransfer(this.prisma.pg, zone.id, false);
    return true;
  }
}
