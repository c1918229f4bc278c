import { Injectable, Logger } from '@nestjs/common';
import { Message, RCODE, TYPE_CODES, WireName, serialIsNewer } from '@zonewarden/dns';
import { DynamicUpdateService } from '@zonewarden/domain';
import { ZoneStore } from '../../zone/zone-store.service';
import { Reply, Request } from '../render';
import { UpdateFormatError, updateSections } from './update-sections';

/**
 * UPDATE (RFC 2136) of a zone served here. The responder has checked the header, the zone section's count and
 * class, and the TSIG signature (RFC 8945, with the zone's update grant keys first: BADKEY, BADSIG and BADTIME
 * never get here); this reads the sections and hands the update to the domain's door (DynamicUpdateService),
 * whose rcode is answered once the change is committed. The rules of an update are the domain's.
 */
@Injectable()
export class UpdateHandler {
  private readonly logger = new Logger(UpdateHandler.name);

  constructor(
    private readonly zones: ZoneStore,
    private readonly updates: DynamicUpdateService,
  ) {}

  async answer(raw: Buffer, message: Message, request: Request): Promise<Reply> {
    const zone = request.question!;
    // RFC 2136 §3.1.1: the zone section names an SOA.
    if (zone.type !== TYPE_CODES.SOA) return { rcode: RCODE.FORMERR };
    // The index in memory: no storage read.
    if (!this.zones.servedApex(zone.name)?.equals(zone.name)) return { rcode: RCODE.NOTAUTH };
    // Nothing changes without a key (a signed answer needs one too).
    const key = request.tsig?.key;
    if (!key) return { rcode: RCODE.REFUSED };
    let sections;
    try {
      sections = updateSections(raw, message);
    } catch (error) {
      if (error instanceof UpdateFormatError) return { rcode: RCODE.FORMERR };
      throw error;
    }
    const zoneName = zone.name.toString();
    const result = await this.updates.apply({ zoneName, keyName: key.name, ...sections });
    if (result.rcode !== 'NOERROR')
      this.logger.debug(`an update of ${zoneName} with ${key.name}: ${result.rcode}, ${result.reason}`);
    else if (result.serial !== null) await this.servedHere(zone.name, result.serial);
    return { rcode: RCODE[result.rcode] };
  }

  /**
   * Waits until this server's copy of the zone holds `serial`: a client (an ACME CA asked right after the
   * answer) queries us at once and must see its change. The change feed's catch-up is what loads it; one may
   * be under way since before the commit, so a second one follows when the first did not bring it.
   */
  private async servedHere(apex: WireName, serial: number): Promise<void> {
    for (let round = 0; round < 2 && !this.holds(apex, serial); round++) await this.zones.catchUp();
  }

  private holds(apex: WireName, serial: number): boolean {
    const tree = this.zones.loaded(apex);
    return tree === undefined || !serialIsNewer(serial, tree.serial);
  }
}
