import {
  CLASS_IN,
  EDNS_DO,
  Edns,
  FLAG,
  MAX_MESSAGE_OCTETS,
  MessageWriter,
  Question,
  Section,
  SignedRequest,
  TYPE_CODES,
} from '@zonewarden/dns';
import { Answer } from '../lookup/answer';
import { OwnedRRset } from '../zone/zone-tree';
import { EDNS_UDP_PAYLOAD, OPT_OCTETS, udpLimit } from './edns';

export type Transport = 'udp' | 'tcp';

/** What the response needs to know of the query. */
export interface Request {
  id: number;
  opcode: number;
  /** The query's header flags: RD and CD are copied into the response (RFC 1035 §4.1.1, RFC 4035 §3.2.2). */
  flags: number;
  question?: Question;
  edns?: Edns;
  transport: Transport;
  /** The client's address family: its own address type goes first in the additional section (as BIND). */
  ipv6?: boolean;
  /** The client's address. */
  address?: string;
  /** A signed request's TSIG outcome: every response message gets a TSIG record (RFC 8945 §5.3). */
  tsig?: SignedRequest;
}

export interface Reply {
  rcode: number;
  answer?: Answer;
  /** Echo the question (every answer does but NOTIMP for an unknown opcode, as BIND does). */
  withQuestion?: boolean;
  authoritative?: boolean;
}

/**
 * One response message. Over UDP it is cut to what the client takes (RFC 2181 §9, RFC 9471): when an
 * answer RRset does not fit, nothing but the question goes out with TC set; when the authority section
 * does not fit (a referral's NS set, a negative answer's SOA), what fits goes out with TC, as BIND does;
 * additional data that does not fit is left out without TC unless it is required glue. Over TCP the same
 * applies at 65,535 octets.
 */
export function renderResponse(buffer: Buffer, request: Request, reply: Reply): Buffer {
  const limit = request.transport === 'udp' ? udpLimit(request.edns) : MAX_MESSAGE_OCTETS;
  const writer = new MessageWriter(buffer, limit);
  reserveTrailer(writer, request);
  const { answer } = reply;
  let truncated = false;
  if (request.question && reply.withQuestion !== false)
    writer.question(request.question.name, request.question.type, request.question.klass);
  if (answer) {
    const afterQuestion = writer.mark();
    if (!writeAll(writer, Section.Answer, answer.answer)) {
      writer.rollback(afterQuestion);
      truncated = true;
    } else if (!writeAll(writer, Section.Authority, answer.authority)) {
      truncated = true;
    } else {
      truncated = !writeAdditional(
        writer,
        preferredFirst(answer.additional, request.ipv6 ? TYPE_CODES.AAAA : TYPE_CODES.A),
      );
    }
  }
  if (request.edns) {
    writer.release(OPT_OCTETS);
    writer.opt(EDNS_UDP_PAYLOAD, reply.rcode >> 4, 0, request.edns.flags & EDNS_DO);
  }
  const authoritative = reply.authoritative ?? answer?.authoritative ?? false;
  const flags =
    FLAG.QR |
    (request.opcode << 11) |
    (authoritative ? FLAG.AA : 0) |
    (truncated ? FLAG.TC : 0) |
    (request.flags & (FLAG.RD | FLAG.CD)) |
    (reply.rcode & 0x0f);
  return writer.finish(request.id, flags);
}

/** Keeps room for what goes after the sections: the OPT record (written last) and the TSIG record (appended). */
export function reserveTrailer(writer: MessageWriter, request: Request): void {
  if (request.edns) writer.reserve(OPT_OCTETS);
  if (request.tsig) writer.reserve(request.tsig.octets);
}

/** An RRset and its signatures (if the answer carries them): one does not go without the other. */
function writeRRset(writer: MessageWriter, section: Section, { owner, rrset, rrsig }: OwnedRRset): boolean {
  for (const set of rrsig ? [rrset, rrsig] : [rrset]) {
    for (const rdata of set.rdata) {
      if (!writer.record(section, owner, set.type, CLASS_IN, set.ttl, rdata)) return false;
    }
  }
  return true;
}

/** Writes records until one does not fit (those written stay). */
function writeAll(writer: MessageWriter, section: Section, rrsets: OwnedRRset[]): boolean {
  return rrsets.every((rrset) => writeRRset(writer, section, rrset));
}

/** The client's address type first, the rest in their order. */
function preferredFirst(rrsets: OwnedRRset[], type: number): OwnedRRset[] {
  return [...rrsets.filter((r) => r.rrset.type === type), ...rrsets.filter((r) => r.rrset.type !== type)];
}

/** Whole RRsets until one does not fit; false when a required one did not. */
function writeAdditional(writer: MessageWriter, rrsets: OwnedRRset[]): boolean {
  for (const rrset of rrsets) {
    const mark = writer.mark();
    if (!writeRRset(writer, Section.Additional, rrset)) {
      writer.rollback(mark);
      return !rrsets.slice(rrsets.indexOf(rrset)).some((r) => r.required);
    }
  }
  return true;
}
