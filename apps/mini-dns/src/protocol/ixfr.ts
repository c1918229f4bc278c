import { Injectable, Logger } from '@nestjs/common';
import {
  Message,
  TYPE_CODES,
  WireName,
  rdataToWire,
  readName,
  serialIsNewer,
  typeCode,
} from '@zonewarden/dns';
import { IncrementalTransferService, TransferRecord } from '@zonewarden/domain';
import { ZoneTree } from '../zone/zone-tree';
import { TransferRR, soaRecord, zoneRecords } from './transfer';

/** Octets of an SOA's rdata after its two names: serial, refresh, retry, expire, minimum. */
const SOA_FIXED_OCTETS = 20;

/**
 * The serial of the client's copy of `apex`: the serial of the zone's SOA in the request's authority
 * section (RFC 1995 §3); undefined when there is none or it is malformed (FORMERR, as from BIND).
 */
export function clientSerial(raw: Buffer, message: Message, apex: WireName): number | undefined {
  const soa = message.authorities.find((r) => r.type === TYPE_CODES.SOA && r.name.equals(apex));
  if (!soa) return undefined;
  try {
    const rname = readName(raw, readName(raw, soa.rdataOffset).next);
    if (rname.next + SOA_FIXED_OCTETS !== soa.rdataOffset + soa.rdata.length) return undefined;
    return raw.readUInt32BE(rname.next);
  } catch {
    return undefined;
  }
}

/**
 * IXFR over TCP (RFC 1995 §4), from the zone's history: to a client up to date (or ahead), the SOA alone; to
 * one the history reaches, each change since its serial as one difference sequence (a batch is one); to any
 * other, the whole zone as AXFR sends it ("AXFR-style IXFR", as BIND falls back when its journal does not
 * reach the client's serial) — also when the differences would hold more records than the zone (BIND's
 * `max-ixfr-ratio` of 100%, counted in records), for a signed zone, and when storage cannot be read.
 */
@Injectable()
export class IncrementalTransfers {
  private readonly logger = new Logger(IncrementalTransfers.name);

  constructor(private readonly history: IncrementalTransferService) {}

  async records(zone: ZoneTree, from: number): Promise<Iterable<TransferRR>> {
    if (!serialIsNewer(zone.serial, from)) return [soaRecord(zone)];
    const name = zone.apex.toString();
    let differences: TransferRecord[] | null;
    try {
      differences = await this.history.differences(
        {
          id: zone.stored.id,
          name,
          serial: zone.serial,
          ttl: zone.stored.ttl,
          soa: soaText(zone),
          soaTtl: zone.soa.ttl,
          signed: zone.signed,
          catalogVersion: zone.stored.catalogVersion,
        },
        from,
      );
    } catch (error) {
      this.logger.warn(
        `the history of ${name} could not be read, sending it whole: ${(error as Error).message}`,
      );
      return zoneRecords(zone);
    }
    if (!differences || differences.length > recordCount(zone)) return zoneRecords(zone);
    try {
      return differences.map(wireRecord);
    } catch (error) {
      this.logger.warn(
        `a change of ${name} cannot be encoded, sending it whole: ${(error as Error).message}`,
      );
      return zoneRecords(zone);
    }
  }
}

/** The zone's SOA as presentation text, its serial the one served. */
function soaText(zone: ZoneTree): string {
  const [mname, rname, fixed] = zone.soa.rdata[0] as readonly [WireName, WireName, Buffer];
  const values = [0, 4, 8, 12, 16].map((at) => fixed.readUInt32BE(at));
  return `${mname.toString()} ${rname.toString()} ${values.join(' ')}`;
}

function recordCount(zone: ZoneTree): number {
  let count = 0;
  for (const { rrset } of zone.rrsets()) count += rrset.rdata.length;
  return count;
}

function wireRecord(record: TransferRecord): TransferRR {
  const type = typeCode(record.type);
  if (type === undefined) throw new Error(`unknown type ${record.type}`);
  return {
    owner: WireName.fromText(record.name),
    type,
    ttl: record.ttl,
    rdata: rdataToWire(record.type, record.data),
  };
}
