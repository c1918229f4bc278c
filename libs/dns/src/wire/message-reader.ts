import { TYPE_CODES } from './types';
import { WireName } from './wire-name';

export interface Question {
  name: WireName;
  type: number;
  klass: number;
}

export interface MessageRecord {
  /** Where the record (its owner name) starts in the message. */
  start: number;
  name: WireName;
  type: number;
  klass: number;
  ttl: number;
  /** The rdata as sent (names in it may be compression pointers into the message). */
  rdata: Buffer;
  /** Where the rdata starts in the message, to follow its pointers. */
  rdataOffset: number;
}

export interface Message {
  id: number;
  /** The header's second 16 bits: QR, opcode, AA, TC, RD, RA, Z, AD, CD, rcode. */
  flags: number;
  opcode: number;
  questions: Question[];
  answers: MessageRecord[];
  authorities: MessageRecord[];
  additionals: MessageRecord[];
}

/** A message that does not parse; carries what was read before the fault (for a FORMERR answer). */
export class FormatError extends Error {
  constructor(
    message: string,
    readonly partial: Partial<Message>,
  ) {
    super(message);
  }
}

const MAX_POINTER_HOPS = 127;

/** Reads a possibly compressed name at `offset`; `next` is where the data after it starts. */
export function readName(buffer: Buffer, offset: number): { name: WireName; next: number } {
  const labels: Buffer[] = [];
  let octets = 1;
  let next = -1;
  let hops = 0;
  for (;;) {
    if (offset >= buffer.length) throw new Error('a name runs past the end of the message');
    const length = buffer[offset];
    if (length === 0) {
      if (next < 0) next = offset + 1;
      break;
    }
    const kind = length & 0xc0;
    if (kind === 0xc0) {
      if (offset + 1 >= buffer.length) throw new Error('a compression pointer is cut off');
      const target = ((length & 0x3f) << 8) | buffer[offset + 1];
      if (next < 0) next = offset + 2;
      // Pointers only lead backwards (RFC 1035 §4.1.4: "a prior occurrence"), so every chain ends.
      if (target >= offset || ++hops > MAX_POINTER_HOPS) throw new Error('a compression pointer loops');
      offset = target;
      continue;
    }
    if (kind !== 0) throw new Error('a label has an unknown type');
    if (offset + 1 + length > buffer.length) throw new Error('a label runs past the end of the message');
    octets += length + 1;
    if (octets > 255) throw new Error('a name is over 255 octets');
    labels.push(buffer.subarray(offset + 1, offset + 1 + length));
    offset += 1 + length;
  }
  return { name: new WireName(labels), next };
}

/** Parses a whole DNS message (RFC 1035 §4.1); throws FormatError on any malformation or trailing data. */
export function readMessage(buffer: Buffer): Message {
  if (buffer.length < 12) throw new FormatError('shorter than a header', {});
  const message: Message = {
    id: buffer.readUInt16BE(0),
    flags: buffer.readUInt16BE(2),
    opcode: (buffer[2] >> 3) & 0x0f,
    questions: [],
    answers: [],
    authorities: [],
    additionals: [],
  };
  const counts = [4, 6, 8, 10].map((at) => buffer.readUInt16BE(at));
  let offset = 12;
  try {
    for (let i = 0; i < counts[0]; i++) {
      const { name, next } = readName(buffer, offset);
      if (next + 4 > buffer.length) throw new Error('a question is cut off');
      message.questions.push({ name, type: buffer.readUInt16BE(next), klass: buffer.readUInt16BE(next + 2) });
      offset = next + 4;
    }
    const sections = [message.answers, message.authorities, message.additionals];
    for (let s = 0; s < 3; s++) {
      for (let i = 0; i < counts[s + 1]; i++) {
        const { name, next } = readName(buffer, offset);
        if (next + 10 > buffer.length) throw new Error('a record header is cut off');
        const length = buffer.readUInt16BE(next + 8);
        const rdataOffset = next + 10;
        if (rdataOffset + length > buffer.length)
          throw new Error('a record runs past the end of the message');
        sections[s].push({
          start: offset,
          name,
          type: buffer.readUInt16BE(next),
          klass: buffer.readUInt16BE(next + 2),
          ttl: buffer.readUInt32BE(next + 4),
          rdata: buffer.subarray(rdataOffset, rdataOffset + length),
          rdataOffset,
        });
        offset = rdataOffset + length;
      }
    }
  } catch (error) {
    throw new FormatError((error as Error).message, message);
  }
  if (offset !== buffer.length) throw new FormatError('trailing data after the last record', message);
  return message;
}

/** The EDNS OPT pseudo-record's fields (RFC 6891 §6.1.3). */
export interface Edns {
  udpPayloadSize: number;
  extendedRcode: number;
  version: number;
  /** The OPT TTL's low 16 bits: DO and the reserved Z bits. */
  flags: number;
  options: { code: number; data: Buffer }[];
}

export function readEdns(record: MessageRecord): Edns {
  const options: Edns['options'] = [];
  for (let at = 0; at < record.rdata.length;) {
    if (at + 4 > record.rdata.length) throw new Error('an EDNS option header is cut off');
    const length = record.rdata.readUInt16BE(at + 2);
    if (at + 4 + length > record.rdata.length) throw new Error('an EDNS option runs past its record');
    options.push({
      code: record.rdata.readUInt16BE(at),
      data: record.rdata.subarray(at + 4, at + 4 + length),
    });
    at += 4 + length;
  }
  return {
    udpPayloadSize: record.klass,
    extendedRcode: record.ttl >>> 24,
    version: (record.ttl >>> 16) & 0xff,
    flags: record.ttl & 0xffff,
    options,
  };
}

/** Where the names are in the rdata of the types that carry them (RFC 1035 and later), as a layout. */
type Field = 'name' | 'u16' | 'u32' | 'string';
const LAYOUTS: Record<number, Field[]> = {
  [TYPE_CODES.NS]: ['name'],
  [TYPE_CODES.CNAME]: ['name'],
  [TYPE_CODES.PTR]: ['name'],
  [TYPE_CODES.DNAME]: ['name'],
  [TYPE_CODES.MX]: ['u16', 'name'],
  [TYPE_CODES.AFSDB]: ['u16', 'name'],
  [TYPE_CODES.KX]: ['u16', 'name'],
  [TYPE_CODES.RP]: ['name', 'name'],
  [TYPE_CODES.SOA]: ['name', 'name', 'u32', 'u32', 'u32', 'u32', 'u32'],
  [TYPE_CODES.SRV]: ['u16', 'u16', 'u16', 'name'],
  [TYPE_CODES.NAPTR]: ['u16', 'u16', 'string', 'string', 'string', 'name'],
};

/** A record's rdata with every name in it expanded (decompressed); other types as sent. */
export function expandedRdata(message: Buffer, record: MessageRecord): Buffer {
  const layout = LAYOUTS[record.type];
  if (!layout) return record.rdata;
  const end = record.rdataOffset + record.rdata.length;
  const parts: Buffer[] = [];
  let at = record.rdataOffset;
  for (const field of layout) {
    if (field === 'name') {
      const { name, next } = readName(message, at);
      parts.push(name.toWire());
      at = next;
      continue;
    }
    const length = field === 'u16' ? 2 : field === 'u32' ? 4 : 1 + message[at];
    parts.push(message.subarray(at, at + length));
    at += length;
  }
  if (at !== end) throw new Error(`the rdata of a type ${record.type} record has the wrong length`);
  return Buffer.concat(parts);
}
