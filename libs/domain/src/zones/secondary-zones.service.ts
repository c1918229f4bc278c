import { Injectable, Logger } from '@nestjs/common';
import { XfrRequestedV1 } from '@zonewarden/contracts';
import {
  DnsServer,
  TransferredRecord,
  TsigKey,
  querySoa,
  serialIsNewer,
  transferZone,
} from '@zonewarden/dns';
import {
  SecondaryZonesRepository,
  Storage,
  TransferredRecordSet,
  ZonePropagationRepository,
  ZoneRecord,
} from '@zonewarden/persistence';
import { systemActor } from '../changes/actor';
import { ZoneChange } from '../changes/zone-change';
import { ZoneChangeWriter } from '../changes/zone-change-writer';
import { TsigKeysService } from '../tsigkeys/tsigkeys.service';
import { parseMaster } from './secondary-zone-rules';

/** SOA timers are kept within these bounds (seconds): a master cannot make us spin, nor forget it. */
const MIN_TIMER_SECONDS = 1;
const MAX_TIMER_SECONDS = 7 * 86_400;
/** When no SOA of the zone is known yet (its first transfer failed). */
const DEFAULT_RETRY_SECONDS = 60;
const TRANSFER_TIMEOUT_MS = 30_000;

const bounded = (seconds: number) => Math.min(MAX_TIMER_SECONDS, Math.max(MIN_TIMER_SECONDS, seconds));

/** A transfer's content replaces the zone's: the masters' record sets, which zone-worker does not compare. */
const TRANSFER: ZoneChange = { source: 'secondary', actor: systemActor('zone-worker'), rrsets: [] };

type Outcome =
  | { kind: 'transferred'; serial: number; refresh: number; recordsets: TransferredRecordSet[] }
  | { kind: 'current'; refresh: number }
  | { kind: 'failed'; reason: string; retry: number };

/**
 * Secondary zones (Designate's worker ZoneXfr task, run by zone-worker): a transfer from the zone's masters
 * — AXFR over TCP, signed with the zone's TSIG key (else its pool's) when there is one — replaces its record
 * sets and serial; a failure puts it in ERROR with the reason. Not forced (NOTIFY, SOA refresh), only a
 * newer serial than the zone's is transferred. Every outcome schedules the next refresh from the SOA timers.
 */
@Injectable()
export class SecondaryZonesService {
  private readonly logger = new Logger(SecondaryZonesService.name);

  constructor(
    private readonly storage: Storage,
    private readonly changes: ZoneChangeWriter,
    private readonly zones: ZonePropagationRepository,
    private readonly secondaries: SecondaryZonesRepository,
    private readonly tsigKeys: TsigKeysService,
  ) {}

  async transfer(request: XfrRequestedV1): Promise<void> {
    const zone = await this.zones.findById(request.zoneId);
    if (!zone || zone.type !== 'SECONDARY' || zone.action === 'DELETE') return;
    const outcome = await this.fetch(zone, request.force || !zone.transferredAt);
    await this.storage.transaction(async (tx) => {
      const locked = await this.secondaries.lock(tx, zone.id);
      if (!locked || locked.action === 'DELETE') return;
      if (outcome.kind === 'failed') {
        this.logger.warn(`zone ${zone.name}: ${outcome.reason}`);
        await this.secondaries.markFailed(tx, zone.id, outcome.reason, outcome.retry);
      } else if (outcome.kind === 'current') {
        await this.secondaries.scheduleRefresh(tx, zone.id, outcome.refresh);
      } else {
        const { serial, recordsets, refresh: refreshSeconds } = outcome;
        await this.changes.replace(tx, locked, { serial, recordsets, refreshSeconds }, TRANSFER);
      }
    });
  }

  /** Tries each master in turn; the first that answers wins. */
  private async fetch(zone: ZoneRecord, force: boolean): Promise<Outcome> {
    const key = await this.keyFor(zone);
    const reasons: string[] = [];
    let retry = DEFAULT_RETRY_SECONDS;
    for (const master of zone.masters) {
      const server = parseMaster(master);
      if (!server) continue;
      try {
        if (!force) {
          const soa = await querySoa(server, zone.name);
          if (soa.present) retry = bounded(soa.retry);
          if (soa.present && !serialIsNewer(soa.serial, zone.serial))
            return { kind: 'current', refresh: bounded(soa.refresh) };
        }
        return transferred(
          zone,
          await transferZone(server, zone.name, { key, timeoutMs: TRANSFER_TIMEOUT_MS }),
        );
      } catch (error) {
        reasons.push(`${describe(server)}: ${(error as Error).message}`);
      }
    }
    return { kind: 'failed', reason: `transfer failed: ${reasons.join('; ') || 'no masters'}`, retry };
  }

  private keyFor(zone: ZoneRecord): Promise<TsigKey | undefined> {
    return this.tsigKeys.signingKeyFor(zone);
  }
}

const describe = (server: DnsServer) => `${server.host}:${server.port}`;

/** The transferred records as record sets (a set's TTL its records' smallest), with the SOA's timers. */
function transferred(zone: ZoneRecord, records: TransferredRecord[]): Outcome {
  const soa = records[0].data.split(' ');
  const sets = new Map<string, TransferredRecordSet>();
  for (const record of records) {
    if (record.name !== zone.name && !record.name.endsWith(`.${zone.name}`)) continue;
    const key = `${record.name} ${record.type}`;
    const set = sets.get(key) ?? { name: record.name, type: record.type, ttl: record.ttl, records: [] };
    set.ttl = Math.min(set.ttl, record.ttl);
    if (!set.records.includes(record.data)) set.records.push(record.data);
    sets.set(key, set);
  }
  return {
    kind: 'transferred',
    serial: Number(soa[2]),
    refresh: bounded(Number(soa[3])),
    recordsets: [...sets.values()],
  };
}
