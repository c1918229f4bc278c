import { Injectable, Logger } from '@nestjs/common';
import { DnssecRepository, Storage, ZonesRepository } from '@zonewarden/persistence';
import { systemActor } from '../changes/actor';
import { ZoneChange } from '../changes/zone-change';
import { ZoneChangeWriter } from '../changes/zone-change-writer';
import { DomainSettings } from '../domain-settings';
import { advance } from './key-schedule';
import { ZoneSigningService } from './zone-signing.service';

/**
 * Keeps signed zones signed (zone-worker runs it every DNSSEC_MAINTENANCE_INTERVAL_MS): claims the zones
 * whose next event is due (zone_dnssec.next_event_at; concurrent workers claim different zones), and for
 * each, in one transaction under the zone's lock, carries out the rollover steps due (key-schedule.ts)
 * and renews the signatures about to expire; private keys under an older key-encryption key are
 * encrypted again under the current one. When anything was signed, the serial is bumped once and
 * `zone.updated` announced, so secondaries and targets take the new signatures.
 */
/** A change the maintenance makes: new keys or signatures, nobody's record sets. */
const MAINTENANCE: ZoneChange = {
  source: 'dnssec',
  actor: systemActor('dnssec-maintenance'),
  rrsets: [],
  comment: 'Key rollover step',
};
const REFRESH: ZoneChange = { ...MAINTENANCE, comment: 'Signatures renewed before they expire' };

@Injectable()
export class DnssecMaintenanceService {
  private readonly logger = new Logger(DnssecMaintenanceService.name);

  constructor(
    private readonly storage: Storage,
    private readonly changes: ZoneChangeWriter,
    private readonly zones: ZonesRepository,
    private readonly dnssec: DnssecRepository,
    private readonly settings: DomainSettings,
    private readonly signing: ZoneSigningService,
  ) {}

  /** Handles up to `limit` due zones; the number handled. A zone that fails is logged and retried later. */
  async runDue(limit = 100, now: () => Date = () => new Date()): Promise<number> {
    const due = await this.dnssec.claimDue(limit);
    for (const zoneId of due)
      await this.maintain(zoneId, now()).catch((error: Error) =>
        this.logger.error(`DNSSEC maintenance of zone ${zoneId} failed: ${error.message}`),
      );
    return due.length;
  }

  async maintain(zoneId: string, now: Date): Promise<void> {
    await this.storage.transaction(async (tx) => {
      const zone = await this.zones.lock(tx, zoneId, { projectId: null });
      if (!zone || zone.action === 'DELETE' || !(await this.dnssec.find(tx, zoneId))) return;
      if (await this.signing.reEncryptKeys(tx, await this.dnssec.keys(tx, zoneId)))
        this.logger.log(`zone ${zoneId}: private keys encrypted again under the current key-encryption key`);
      const keys = await this.dnssec.keys(tx, zoneId);
      const maxTtl = Math.max(0, ...(await this.dnssec.recordSets(tx, zoneId)).map((set) => set.ttl));
      const planned = advance(keys, now, this.settings.dnssec, maxTtl);
      if (planned !== keys) {
        await this.changes.commit(tx, zone, MAINTENANCE, (changed) =>
          this.signing.keyChanges(tx, changed.id, () => this.signing.changeKeys(tx, changed, keys, planned)),
        );
      } else if (await this.signing.refreshDue(tx, zoneId, now)) {
        await this.changes.commit(tx, zone, REFRESH, (changed) => this.signing.refresh(tx, changed, now));
      } else {
        await this.signing.scheduleNext(tx, zoneId, keys, await this.dnssec.signerRecords(tx, zoneId));
      }
    });
  }
}
