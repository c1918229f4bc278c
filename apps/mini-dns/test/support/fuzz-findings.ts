import { FLAG, Message, OPCODE, RCODE, TYPE_CODES, rcodeName, readMessage } from '@zonewarden/dns';
import { FuzzPacket } from './fuzz-packets';

/** A broken protocol property, with the bytes that reproduce it. */
export interface Finding {
  property: string;
  transport: 'udp' | 'tcp';
  kind: string;
  query: string;
  reply?: string;
}

/** Without EDNS a UDP answer fits 512 octets (RFC 1035 §4.2.1); with it, at most mini-dns's 1232. */
export const PLAIN_UDP_LIMIT = 512;
export const EDNS_UDP_LIMIT = 1232;

/** Ids of queries the server must answer are below 0x8000; packets it must not answer get the others. */
export const SILENT_ID_BIT = 0x8000;

/** What the test knows of a query before sending it: how the server reads it. */
export interface QueryFacts {
  /** The message as mini-dns's own parser reads it; undefined when it does not parse. */
  message?: Message;
  opcode: number;
  recursionDesired: boolean;
  /** The payload size of its one well-placed OPT record (RFC 6891 §6.1.1), when it has one. */
  ednsPayload?: number;
  /**
   * The largest UDP answer it allows: with a usable OPT record its payload size within [512, 1232]
   * (RFC 6891 §6.2.5), with any other OPT record 1232, without one 512.
   */
  udpLimit: number;
}

export function queryFacts(query: Buffer): QueryFacts {
  const facts: QueryFacts = {
    opcode: query.length > 2 ? (query[2] >> 3) & 0x0f : 0,
    recursionDesired: query.length > 2 && (query[2] & 0x01) !== 0,
    udpLimit: PLAIN_UDP_LIMIT,
  };
  try {
    facts.message = readMessage(query);
  } catch {
    return facts;
  }
  const { answers, authorities, additionals } = facts.message;
  const opts = [...answers, ...authorities, ...additionals].filter((r) => r.type === TYPE_CODES.OPT);
  const usable = opts.length === 1 && additionals.includes(opts[0]) && opts[0].name.labelCount === 0;
  if (usable) facts.ednsPayload = opts[0].klass;
  if (opts.length)
    facts.udpLimit = Math.min(Math.max(facts.ednsPayload ?? EDNS_UDP_LIMIT, PLAIN_UDP_LIMIT), EDNS_UDP_LIMIT);
  return facts;
}

/** Opcodes whose answers echo the question (NOTIMP for the others leaves it out, as BIND does). */
const ECHOING_OPCODES = new Set<number>([OPCODE.QUERY, OPCODE.NOTIFY, OPCODE.UPDATE]);

/** The response code, extended by the OPT record's high bits (RFC 6891 §6.1.3). */
export function rcodeOf(message: Message): number {
  const opt = message.additionals.find((r) => r.type === TYPE_CODES.OPT);
  return (message.flags & 0x0f) | (opt ? (opt.ttl >>> 24) << 4 : 0);
}

/**
 * What is wrong with `reply` as the answer to a query: it must parse and have QR set; with `facts`, it
 * must keep the opcode and RD (RFC 1035 §4.1.1), be FORMERR when the query does not parse, carry OPT when
 * the query did (unless FORMERR: RFC 6891 §7), and echo a parsed query's one question (in its `first`
 * message: the later messages of a zone transfer carry none).
 */
export function replyProblems(reply: Buffer, facts?: QueryFacts, first = true): string[] {
  let message: Message;
  try {
    message = readMessage(reply);
  } catch (error) {
    return [`a reply that does not parse: ${(error as Error).message}`];
  }
  const problems: string[] = [];
  if (!(message.flags & FLAG.QR)) problems.push('a reply without QR');
  if (!facts) return problems;
  if (message.opcode !== facts.opcode) problems.push('a reply with another opcode than its query');
  if (((message.flags & FLAG.RD) !== 0) !== facts.recursionDesired)
    problems.push('a reply that does not copy RD');
  const rcode = rcodeOf(message);
  if (!facts.message) {
    if (rcode !== RCODE.FORMERR) problems.push(`a malformed query answered ${rcodeName(rcode)}, not FORMERR`);
    return problems;
  }
  const hasOpt = message.additionals.some((r) => r.type === TYPE_CODES.OPT);
  if (facts.ednsPayload !== undefined && rcode !== RCODE.FORMERR && !hasOpt)
    problems.push('an EDNS query answered without OPT');
  if (first && !echoesQuestion(facts.message, message))
    problems.push('a reply that does not echo the question');
  return problems;
}

/** True unless the query has one question that the reply should echo and does not. */
function echoesQuestion(query: Message, reply: Message): boolean {
  if (!ECHOING_OPCODES.has(query.opcode) || query.questions.length !== 1) return true;
  const [asked, echoed] = [query.questions[0], reply.questions[0]];
  return (
    reply.questions.length === 1 &&
    asked.name.toWire().equals(echoed.name.toWire()) &&
    asked.type === echoed.type &&
    asked.klass === echoed.klass
  );
}

/** A reply's response code by name, for the counts ('unparsable' when it does not parse). */
export function rcodeLabel(reply: Buffer): string {
  try {
    return rcodeName(rcodeOf(readMessage(reply)));
  } catch {
    return 'unparsable';
  }
}

export function finding(
  property: string,
  transport: Finding['transport'],
  packet: FuzzPacket,
  reply?: Buffer,
): Finding {
  return {
    property,
    transport,
    kind: packet.kind,
    query: packet.bytes.toString('hex'),
    ...(reply ? { reply: reply.toString('hex') } : {}),
  };
}

/** Stamps an id on a packet (when it has room for one): below SILENT_ID_BIT when it must be answered. */
export function stampId(packet: FuzzPacket, sequence: number, answered: boolean): number {
  const id = (sequence & 0x7fff) | (answered ? 0 : SILENT_ID_BIT);
  if (packet.bytes.length >= 2) packet.bytes.writeUInt16BE(id, 0);
  return id;
}
