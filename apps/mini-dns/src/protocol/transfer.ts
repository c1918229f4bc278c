import { CLASS_IN, EDNS_DO, FLAG, MAX_MESSAGE_OCTETS, MessageWriter, Section } from '@zonewarden/dns';
import { OwnedRRset, ZoneTree } from '../zone/zone-tree';
import { EDNS_UDP_PAYLOAD, OPT_OCTETS } from './edns';
import { Request, reserveTrailer } from './render';

/** Messages of a transfer are closed once past this size (BIND's transfer-message-size is 20 KB). */
export const TRANSFER_MESSAGE_OCTETS = 16_384;

export class TransferTooLargeRecord extends Error {}

/**
 * AXFR (RFC 5936 §2.2): the SOA, every other record, the SOA again, in as many messages as their size
 * needs, the question in the first only. A record too large for any message fails the transfer.
 */
export function transferMessages(buffer: Buffer, request: Request, zone: ZoneTree): Buffer[] {
  const messages: Buffer[] = [];
  let writer = start(buffer, request, true);
  const records = function* (): Generator<[OwnedRRset, number]> {
    for (const owned of zone.rrsets()) for (let i = 0; i < owned.rrset.rdata.length; i++) yield [owned, i];
    yield [{ owner: zone.apex, rrset: zone.soa }, 0];
  };
  for (const [{ owner, rrset }, i] of records()) {
    const write = () => writer.record(Section.Answer, owner, rrset.type, CLASS_IN, rrset.ttl, rrset.rdata[i]);
    if (writer.size >= TRANSFER_MESSAGE_OCTETS || !write()) {
      messages.push(finish(writer, request));
      writer = start(buffer, request, false);
      if (!write())
        throw new TransferTooLargeRecord(`a ${rrset.type} record of ${owner} does not fit a message`);
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
