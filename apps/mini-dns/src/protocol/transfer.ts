import {
  CLASS_IN,
  EDNS_DO,
  FLAG,
  MAX_MESSAGE_OCTETS,
  MessageWriter,
  Rdata,
  Section,
  WireName,
} from '@zonewarden/dns';
import { ZoneTree } from '../zone/zone-tree';
import { EDNS_UDP_PAYLOAD, OPT_OCTETS } from './edns';
import { Request, reserveTrailer } from './render';

/** Messages of a transfer are closed once past this size (BIND's transfer-message-size is 20 KB). */
export const TRANSFER_MESSAGE_OCTETS = 16_384;

export class TransferTooLargeRecord extends Error {}

/** A record of a transfer, ready to be written. */
export interface TransferRR {
  owner: WireName;
  type: number;
  ttl: number;
  rdata: Rdata;
}

/** The zone's SOA record. */
export function soaRecord(zone: ZoneTree): TransferRR {
  return { owner: zone.apex, type: zone.soa.type, ttl: zone.soa.ttl, rdata: zone.soa.rdata[0] };
}

/** AXFR (RFC 5936 §2.2): the SOA, every other record (signatures too), the SOA again. */
export function* zoneRecords(zone: ZoneTree): Generator<TransferRR> {
  for (const { owner, rrset } of zone.rrsets())
    for (const rdata of rrset.rdata) yield { owner, type: rrset.type, ttl: rrset.ttl, rdata };
  yield soaRecord(zone);
}

/**
 * The messages of a zone transfer (AXFR, IXFR): `records` in as many messages as their size needs, the
 * question in the first only. A record too large for any message fails the transfer.
 */
export function transferMessages(buffer: Buffer, request: Request, records: Iterable<TransferRR>): Buffer[] {
  const messages: Buffer[] = [];
  let writer = start(buffer, request, true);
  for (const { owner, type, ttl, rdata } of records) {
    const write = () => writer.record(Section.Answer, owner, type, CLASS_IN, ttl, rdata);
    if (writer.size >= TRANSFER_MESSAGE_OCTETS || !write()) {
      messages.push(finish(writer, request));
      writer = start(buffer, request, false);
      if (!write()) throw new TransferTooLargeRecord(`a ${type} record of ${owner} does not fit a message`);
    }
  }
  messages.push(finish(writer, request));
  return messages;
}

function start(buffer: Buffer, request: Request, first: boolean): MessageWriter {
  const writer = new MessageWriter(buffer, MAX_MESSAGE_OCTETS);
  reserveTrailer(writer, request);
  if (first && request.question) writer.question(request.question.name, request.question.type, CLASS_IN);
  return writer;
}

function finish(writer: MessageWriter, request: Request): Buffer {
  if (request.edns) {
    writer.release(OPT_OCTETS);
    writer.opt(EDNS_UDP_PAYLOAD, 0, 0, request.edns.flags & EDNS_DO);
  }
  return writer.finish(request.id, FLAG.QR | FLAG.AA | (request.flags & (FLAG.RD | FLAG.CD)));
}
