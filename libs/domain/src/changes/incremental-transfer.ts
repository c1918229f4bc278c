import { serialIsNewer } from '@zonewarden/dns';
import { ZoneHistoryRecord } from '@zonewarden/persistence';
import { RRsetState } from './zone-change';

/** A record of a transfer, in presentation form. */
export interface TransferRecord {
  name: string;
  type: string;
  ttl: number;
  data: string;
}

/** What an incremental transfer needs of the zone as it stands. */
export interface ServedZone {
  name: string;
  serial: number;
  ttl: number;
  /** The SOA record's data now. */
  soa: string;
  /** The SOA record's TTL, when it is not the zone's (a SECONDARY zone's, as its primary set it). */
  soaTtl?: number;
}

/** An SOA's data with another serial (its third field). */
function withSerial(soa: string, serial: number): string {
  const fields = soa.split(' ');
  fields[2] = String(serial);
  return fields.join(' ');
}

const recordsOf = (state: RRsetState | null) => new Set(state?.records ?? []);

/**
 * An incremental zone transfer (RFC 1995) from `from` to the zone's serial, built from its history: the
 * current SOA, then each change as a difference sequence — the SOA it started from and the records it
 * removed, the SOA it ended with and the records it added — and the current SOA again. A batch is one such
 * sequence. Null when the history cannot tell it exactly, so that a full transfer is sent instead: a chain
 * with a gap (pruned, or `from` unknown), a change of the zone's own fields (a TTL or email changes records
 * it does not list) or of its signing, or one that does not end at the zone's serial.
 */
export function incrementalTransfer(
  zone: ServedZone,
  from: number,
  history: Pick<
    ZoneHistoryRecord,
    'previousSerial' | 'serial' | 'source' | 'rrsets' | 'fields' | 'soaAfter'
  >[],
): TransferRecord[] | null {
  const soaRecord = (data: string): TransferRecord => ({
    name: zone.name,
    type: 'SOA',
    ttl: zone.soaTtl ?? zone.ttl,
    data,
  });
  const current = soaRecord(zone.soa);
  if (from === zone.serial) return [current];
  if (serialIsNewer(from, zone.serial)) return null;
  const chain = history.filter((entry) => entry.previousSerial !== entry.serial);
  const records: TransferRecord[] = [current];
  let serial = from;
  let startSoa = withSerial(zone.soa, from);
  for (const entry of chain) {
    if (entry.previousSerial !== serial || entry.fields !== null || entry.source === 'dnssec') return null;
    const endSoa = entry.soaAfter ?? withSerial(zone.soa, entry.serial);
    const removed: TransferRecord[] = [];
    const added: TransferRecord[] = [];
    for (const { name, type, before, after } of entry.rrsets) {
      const [old, now] = [recordsOf(before), recordsOf(after)];
      const ttlChanged = (before?.ttl ?? null) !== (after?.ttl ?? null);
      for (const data of old)
        if (!now.has(data) || ttlChanged) removed.push({ name, type, ttl: before!.ttl ?? zone.ttl, data });
      for (const data of now)
        if (!old.has(data) || ttlChanged) added.push({ name, type, ttl: after!.ttl ?? zone.ttl, data });
    }
    records.push(soaRecord(startSoa), ...removed, soaRecord(endSoa), ...added);
    serial = entry.serial;
    startSoa = endSoa;
  }
  if (serial !== zone.serial) return null;
  records.push(current);
  return records;
}
