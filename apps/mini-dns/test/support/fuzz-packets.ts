import { CLASS_IN, EDNS_DO, FLAG, MessageWriter, TYPE_CODES, WireName } from '@zonewarden/dns';
import { SeededRandom } from './seeded-random';

/** One generated message; `kind` names the generator, to count and to report by. */
export interface FuzzPacket {
  kind: string;
  bytes: Buffer;
}

/**
 * Query types: ordinary ones, the meta and transfer ones (OPT, TKEY, TSIG, IXFR, AXFR, MAILB, MAILA, ANY),
 * and the extremes.
 */
const QTYPES = [
  0, 1, 2, 5, 6, 12, 13, 15, 16, 28, 33, 39, 41, 43, 46, 48, 64, 65, 99, 249, 250, 251, 252, 253, 254, 255,
  256, 257, 32768, 65280, 65535,
];
/** The types a resolver asks for, to reach every answer path. */
const ANSWER_TYPES = [1, 2, 5, 6, 15, 16, 28, 33, 39, 43, 255, 251, 252, 65535];
/** IN, CH, HS, NONE, ANY and classes that mean nothing. */
const CLASSES = [1, 3, 4, 254, 255, 0, 2, 256, 65535];
/** OPT payload sizes: nonsense, the floors, common values, the maximum. */
const PAYLOADS = [0, 1, 511, 512, 1232, 1400, 4096, 65535];
/** Bytes that mean something to a parser: label-type bits, the largest label, pointers. */
const SPECIAL_BYTES = [0x00, 0x01, 0x3f, 0x40, 0x7f, 0x80, 0xbf, 0xc0, 0xff];
/** Labels of bytes that presentation text escapes (and one random label, the undefined slot). */
const ODD_LABELS: readonly (Buffer | undefined)[] = [
  Buffer.from([0]),
  Buffer.from('.'),
  Buffer.from('\\'),
  Buffer.from([0xff, 0x20]),
  Buffer.from('A.b'),
  undefined,
];
const OPCODE_SHIFT = 11;
const HEADER = 12;
const MAX_RANDOM_LENGTH = 600;
/** The largest UDP payload over IPv4 (65,535 less the IP and UDP headers). */
const MAX_UDP_PAYLOAD = 65_507;

// --- raw wire encoding, for messages MessageWriter refuses to write ---

const u16 = (value: number) => Buffer.from([(value >> 8) & 0xff, value & 0xff]);
const u32 = (value: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value >>> 0);
  return out;
};
const nameWire = (text: string) => WireName.fromText(text).toWire();
/** Labels as they are, however long: no check that they make a valid name. */
const labelsWire = (labels: readonly Buffer[]) =>
  Buffer.concat([
    ...labels.flatMap((label) => [Buffer.from([label.length & 0xff]), label]),
    Buffer.from([0]),
  ]);
const question = (name: Buffer, type: number, klass: number) => Buffer.concat([name, u16(type), u16(klass)]);
const record = (
  owner: Buffer,
  type: number,
  klass: number,
  ttl: number,
  rdata: Buffer,
  length = rdata.length,
) => Buffer.concat([owner, u16(type), u16(klass), u32(ttl), u16(length), rdata]);

interface Sections {
  qd?: Buffer[];
  an?: Buffer[];
  ns?: Buffer[];
  ar?: Buffer[];
}

/** A message from encoded sections; `counts` overrides the header counts (to make them lie). */
function rawMessage(flags: number, sections: Sections, counts?: number[]): Buffer {
  const parts = [sections.qd ?? [], sections.an ?? [], sections.ns ?? [], sections.ar ?? []];
  const header = Buffer.alloc(HEADER);
  header.writeUInt16BE(flags, 2);
  parts.forEach((part, i) => header.writeUInt16BE(counts?.[i] ?? part.length, 4 + 2 * i));
  return Buffer.concat([header, ...parts.flat()]);
}

/** An OPT record (RFC 6891 §6.1.2): `ttl` holds the extended rcode, version and flags. */
const opt = (
  payload: number,
  ttl: number,
  rdata: Buffer = Buffer.alloc(0),
  owner: Buffer = Buffer.from([0]),
) => record(owner, TYPE_CODES.OPT, payload, ttl, rdata);
const ednsTtl = (version: number, flags: number, extendedRcode = 0) =>
  ((extendedRcode << 24) | (version << 16) | flags) >>> 0;
const ednsOption = (code: number, data: Buffer, length = data.length) =>
  Buffer.concat([u16(code), u16(length), data]);

// --- valid queries, written by the repository's own MessageWriter ---

interface QueryShape {
  name: string;
  type: number;
  klass: number;
  flags: number;
  edns?: { payload: number; version: number; flags: number };
}

function writeQuery(shape: QueryShape): Buffer {
  const writer = new MessageWriter(Buffer.alloc(1024), 1024);
  writer.question(WireName.fromText(shape.name), shape.type, shape.klass);
  if (shape.edns) writer.opt(shape.edns.payload, 0, shape.edns.version, shape.edns.flags);
  return writer.finish(0, shape.flags);
}

/** Header flags of a query: mostly plain (RD, CD), sometimes with bits a query should not carry. */
function queryFlags(r: SeededRandom, opcode = 0): number {
  let flags = (opcode << OPCODE_SHIFT) | (r.chance(0.5) ? FLAG.RD : 0) | (r.chance(0.2) ? FLAG.CD : 0);
  if (r.chance(0.2)) flags |= r.int(0, 0xffff) & ~(FLAG.QR | (0x0f << OPCODE_SHIFT));
  return flags;
}

// --- the generators ---

type Generator = () => Buffer;

/**
 * Every kind of packet the robustness test sends, from one seed: a PacketSource yields the same packets in
 * the same order each run. Sweeps (lengths, truncation offsets, opcodes, types × classes, EDNS versions)
 * advance with each packet of their kind, so enough packets cover each value.
 */
export class PacketSource {
  private readonly r: SeededRandom;
  private readonly generators: Record<string, Generator>;
  private readonly weights: [string, number][];
  private randomLength = 0;
  private truncation: { base: Buffer; offset: number } = { base: Buffer.alloc(0), offset: 0 };
  private opcode = 0;
  private typeClass = 0;
  private ednsVersion = 1;

  constructor(
    seed: number,
    private readonly names: readonly string[],
  ) {
    this.r = new SeededRandom(seed);
    this.generators = {
      random: () => this.random(),
      'random-header': () => this.randomHeader(),
      valid: () => this.valid(),
      bitflip: () => this.bitflip(),
      truncate: () => this.truncate(),
      'special-bytes': () => this.specialBytes(),
      splice: () => this.splice(),
      'huge-counts': () => this.hugeCounts(),
      pointer: () => this.pointer(),
      label: () => this.label(),
      opcode: () => this.opcodeSweep(),
      'type-class': () => this.typeClassSweep(),
      'qr-set': () => this.qrSet(),
      edns: () => this.edns(),
      tsig: () => this.tsig(),
      trailing: () => this.trailing(),
      questions: () => this.questions(),
      records: () => this.records(),
      large: () => this.large(),
    };
    this.weights = [
      ['random', 22],
      ['random-header', 8],
      ['valid', 12],
      ['bitflip', 10],
      ['truncate', 6],
      ['special-bytes', 5],
      ['splice', 3],
      ['huge-counts', 5],
      ['pointer', 6],
      ['label', 5],
      ['opcode', 5],
      ['type-class', 4],
      ['qr-set', 2],
      ['edns', 8],
      ['tsig', 3],
      ['trailing', 3],
      ['questions', 2],
      ['records', 3],
      ['large', 1],
    ];
  }

  next(): FuzzPacket {
    return this.make(this.r.weighted(this.weights));
  }

  /** A packet of one kind. */
  make(kind: string): FuzzPacket {
    return { kind, bytes: this.generators[kind]() };
  }

  take(count: number): FuzzPacket[] {
    return Array.from({ length: count }, () => this.next());
  }

  /** Random bytes; the length sweeps 0..600 so that every length is sent. */
  private random(): Buffer {
    const length = this.randomLength;
    this.randomLength = (this.randomLength + 1) % (MAX_RANDOM_LENGTH + 1);
    return this.r.bytes(length);
  }

  /**
   * Far larger than a query: a query followed by thousands of records or questions (each a pointer to the
   * one before, or to the first name), or random bytes, up to the largest UDP payload.
   */
  private large(): Buffer {
    const r = this.r;
    const length = r.int(MAX_RANDOM_LENGTH + 1, r.chance(0.2) ? MAX_UDP_PAYLOAD : 8192);
    if (r.chance(0.3)) return this.r.bytes(length);
    const first = question(nameWire(r.pick(this.names)), TYPE_CODES.A, CLASS_IN);
    const toFirst = Buffer.from([0xc0, HEADER]);
    const many = (each: Buffer) =>
      Array.from({ length: Math.floor((length - HEADER - first.length) / each.length) }, () => each);
    const records = many(record(toFirst, r.pick([1, 16, 41, 250]), CLASS_IN, 0, r.bytes(r.int(0, 8))));
    return r.chance(0.5)
      ? rawMessage(queryFlags(r), { qd: [first, ...many(question(toFirst, TYPE_CODES.A, CLASS_IN))] })
      : rawMessage(queryFlags(r), { qd: [first], [r.pick(['an', 'ns', 'ar'] as const)]: records });
  }

  /** A query-like header (QR clear, small counts) over random bytes: gets past the first checks. */
  private randomHeader(): Buffer {
    const bytes = this.r.bytes(this.r.int(HEADER, 300));
    bytes[2] &= 0x7f;
    for (let i = 0; i < 4; i++) bytes.writeUInt16BE(this.r.pick([0, 0, 1, 1, 1, 2]), 4 + 2 * i);
    return bytes;
  }

  private shape(types: readonly number[] = QTYPES, klass = CLASS_IN): QueryShape {
    const r = this.r;
    const shape: QueryShape = { name: r.pick(this.names), type: r.pick(types), klass, flags: queryFlags(r) };
    if (r.chance(0.5))
      shape.edns = { payload: r.pick(PAYLOADS), version: 0, flags: r.chance(0.5) ? EDNS_DO : 0 };
    return shape;
  }

  /** A query as a resolver sends it, to names in every part of the served zones. */
  private valid(): Buffer {
    return writeQuery(this.shape(ANSWER_TYPES));
  }

  /** A query of any type and class, the start of every mutation. */
  private base(): Buffer {
    return writeQuery(this.shape(QTYPES, this.klass()));
  }

  /** Mostly IN; else one of CLASSES, or any class at all. */
  private klass(): number {
    if (this.r.chance(0.8)) return CLASS_IN;
    return this.r.chance(0.5) ? this.r.pick(CLASSES) : this.r.int(0, 0xffff);
  }

  private bitflip(): Buffer {
    const bytes = this.base();
    for (let flips = this.r.int(1, 8); flips > 0; flips--)
      bytes[this.r.int(0, bytes.length - 1)] ^= 1 << this.r.int(0, 7);
    return bytes;
  }

  /** A query cut at every offset in turn, then the next query. */
  private truncate(): Buffer {
    if (this.truncation.offset >= this.truncation.base.length)
      this.truncation = { base: this.base(), offset: 0 };
    return Buffer.from(this.truncation.base.subarray(0, this.truncation.offset++));
  }

  private specialBytes(): Buffer {
    const bytes = this.base();
    for (let n = this.r.int(1, 4); n > 0; n--)
      bytes[this.r.int(0, bytes.length - 1)] = this.r.pick(SPECIAL_BYTES);
    return bytes;
  }

  /** Random bytes inserted into, or removed from, a query. */
  private splice(): Buffer {
    const bytes = this.base();
    const at = this.r.int(0, bytes.length);
    const removed = this.r.chance(0.5) ? this.r.int(1, 8) : 0;
    return Buffer.concat([
      bytes.subarray(0, at),
      this.r.bytes(removed ? 0 : this.r.int(1, 16)),
      bytes.subarray(at + removed),
    ]);
  }

  /** Header counts that promise far more than the message holds (0xffff), or slightly more or less. */
  private hugeCounts(): Buffer {
    const bytes = this.base();
    for (let i = 0; i < 4; i++) {
      if (this.r.chance(0.4))
        bytes.writeUInt16BE(this.r.pick([0xffff, 0x8000, 0, 2, 3, this.r.int(0, 0xffff)]), 4 + 2 * i);
    }
    return bytes;
  }

  private pointer(): Buffer {
    const r = this.r;
    const type = r.pick([TYPE_CODES.A, TYPE_CODES.SOA, TYPE_CODES.ANY]);
    const tail = u16(type);
    const ask = (name: Buffer) =>
      rawMessage(queryFlags(r), { qd: [Buffer.concat([name, tail, u16(CLASS_IN)])] });
    const variants: (() => Buffer)[] = [
      // To itself, into the header, forward past the question, past the end.
      () => ask(Buffer.from([0xc0, HEADER])),
      () => ask(Buffer.from([0xc0, r.int(0, HEADER - 1)])),
      () => ask(Buffer.from([0xc0, r.int(HEADER + 2, 0xff)])),
      () => ask(Buffer.from([0xff, 0xff])),
      // A label, then a pointer back to it: a loop that grows the name.
      () => ask(Buffer.from([1, 0x61, 0xc0, HEADER])),
      // The label types 01 and 10 (extended labels, RFC 6891 §5), which no server takes any more.
      () => ask(Buffer.from([r.pick([0x40, 0x80]) | r.int(0, 0x3f), r.int(0, 0xff), 0])),
      // A pointer cut off by the end of the message.
      () => rawMessage(queryFlags(r), { qd: [Buffer.from([1, 0x61, 0xc0])] }),
      () => this.pointerChain(r.int(2, 200)),
      () => this.pointerIntoRecord(),
    ];
    return r.pick(variants)();
  }

  /** Questions each naming the one before through a pointer: long chains exceed any hop limit. */
  private pointerChain(length: number): Buffer {
    const first = question(nameWire(this.r.pick(this.names)), TYPE_CODES.A, CLASS_IN);
    const questions = [first];
    let target = HEADER;
    let at = HEADER + first.length;
    for (let i = 1; i < length; i++) {
      questions.push(question(Buffer.from([0xc0 | (target >> 8), target & 0xff]), TYPE_CODES.A, CLASS_IN));
      target = at;
      at += 6;
    }
    return rawMessage(queryFlags(this.r), { qd: questions });
  }

  /** Records whose owner or rdata names point at the question, inside themselves, or nowhere. */
  private pointerIntoRecord(): Buffer {
    const r = this.r;
    const q = question(nameWire(r.pick(this.names)), TYPE_CODES.SOA, CLASS_IN);
    const recordAt = HEADER + q.length;
    const target = r.pick([HEADER, HEADER + 1, recordAt, recordAt + 1, recordAt + 20, 0x3fff]);
    const pointer = Buffer.from([0xc0 | (target >> 8), target & 0xff]);
    const rdata = r.chance(0.5)
      ? pointer
      : Buffer.concat([pointer, pointer, u32(1), u32(2), u32(3), u32(4), u32(5)]);
    const rr = record(r.chance(0.5) ? pointer : Buffer.from([0]), r.pick([2, 5, 6, 41]), CLASS_IN, 0, rdata);
    return rawMessage(queryFlags(r, r.pick([0, 4, 5])), {
      qd: [q],
      [r.pick(['an', 'ns', 'ar'] as const)]: [rr],
    });
  }

  private label(): Buffer {
    const r = this.r;
    const long = (length: number) => Buffer.alloc(length, 0x61 + r.int(0, 25));
    const suffix = WireName.fromText(r.pick(this.names)).labels;
    const variants: (() => Buffer)[] = [
      // Length bytes 64..255 are no label length (RFC 1035 §3.1), with the bytes they promise or fewer.
      () => labelsWire([r.bytes(r.int(64, 255)), ...suffix]),
      () => Buffer.concat([Buffer.from([r.int(63, 255)]), r.bytes(r.int(0, 70))]),
      // Exactly 255 octets, then 256 and more (RFC 1035 §2.3.4).
      () => labelsWire([long(63), long(63), long(63), long(61)]),
      () => labelsWire([long(63), long(63), long(63), long(62)]),
      () => labelsWire(Array.from({ length: r.int(4, 9) }, () => long(63))),
      () => labelsWire(Array.from({ length: 127 }, () => long(1))),
      () => labelsWire(Array.from({ length: r.int(128, 300) }, () => long(1))),
      // Bytes a presentation format must escape, in names under the served zones.
      () => labelsWire([r.pick(ODD_LABELS) ?? r.bytes(r.int(1, 63)), ...suffix]),
      () => labelsWire([Buffer.from('*'), ...suffix]),
    ];
    const name = r.pick(variants)();
    return rawMessage(queryFlags(r), { qd: [question(name, r.pick(ANSWER_TYPES), CLASS_IN)] });
  }

  /** Opcodes 0..15 in turn, with any type and class (NOTIFY and UPDATE at zone apexes among them). */
  private opcodeSweep(): Buffer {
    const shape = this.shape(QTYPES, this.klass());
    shape.flags = queryFlags(this.r, this.opcode);
    this.opcode = (this.opcode + 1) % 16;
    return writeQuery(shape);
  }

  /** Every type with every class, in turn. */
  private typeClassSweep(): Buffer {
    const shape = this.shape();
    shape.type = QTYPES[this.typeClass % QTYPES.length];
    shape.klass = CLASSES[Math.floor(this.typeClass / QTYPES.length) % CLASSES.length];
    this.typeClass++;
    return writeQuery(shape);
  }

  /** Responses (QR set) must never be answered. */
  private qrSet(): Buffer {
    const bytes = this.base();
    bytes[2] |= 0x80;
    return bytes;
  }

  private edns(): Buffer {
    const r = this.r;
    const q = question(nameWire(r.pick(this.names)), r.pick(ANSWER_TYPES), CLASS_IN);
    const ok = () => opt(r.pick(PAYLOADS), ednsTtl(0, r.chance(0.5) ? EDNS_DO : 0));
    const flags = queryFlags(r);
    const variants: (() => Buffer)[] = [
      () => rawMessage(flags, { qd: [q], ar: [ok(), ok()] }),
      () => rawMessage(flags, { qd: [q], an: [ok()] }),
      () => rawMessage(flags, { qd: [q], ns: [ok()], ar: [ok()] }),
      () => rawMessage(flags, { qd: [q], ar: [opt(1232, 0, Buffer.alloc(0), nameWire(r.pick(this.names)))] }),
      () =>
        rawMessage(flags, {
          qd: [q],
          ar: [opt(r.pick(PAYLOADS), ednsTtl(this.nextEdnsVersion(), r.int(0, 0xffff)))],
        }),
      () => rawMessage(flags, { qd: [q], ar: [opt(4096, 0, this.ednsOptions())] }),
      () => rawMessage(flags, { qd: [q], ar: [opt(4096, 0, r.bytes(r.int(1, 3)))] }),
      () => rawMessage(flags, { qd: [q], ar: [opt(r.int(0, 0xffff), r.u32(), r.bytes(r.int(0, 40)))] }),
      // An OPT whose rdata length promises more than the message holds.
      () =>
        rawMessage(flags, {
          qd: [q],
          ar: [record(Buffer.from([0]), TYPE_CODES.OPT, 4096, 0, Buffer.alloc(2), r.int(3, 0xffff))],
        }),
      // Big answers, to check the UDP size limit against each payload size.
      () =>
        writeQuery({
          name: 'big.fuzz.test.',
          type: r.pick([16, 255]),
          klass: CLASS_IN,
          flags,
          edns: { payload: r.pick(PAYLOADS), version: 0, flags: 0 },
        }),
    ];
    return r.pick(variants)();
  }

  private nextEdnsVersion(): number {
    const version = this.ednsVersion;
    this.ednsVersion = (this.ednsVersion % 255) + 1;
    return version;
  }

  /** EDNS options: well-formed (cookie, ECS, keepalive, padding, unknown), then one whose length overruns. */
  private ednsOptions(): Buffer {
    const r = this.r;
    const options = Array.from({ length: r.int(0, 4) }, () =>
      ednsOption(r.pick([8, 10, 11, 12, 15, 0, 0xffff]), r.bytes(r.pick([0, 1, 8, 16, 40, 200]))),
    );
    if (r.chance(0.6)) {
      const data = r.bytes(r.int(0, 8));
      options.push(ednsOption(r.pick([10, 8, 12]), data, data.length + r.int(1, 0xffff - data.length)));
    }
    return Buffer.concat(options);
  }

  /** TSIG records (RFC 8945): well-formed or not, last or not, in the additional section or not. */
  private tsig(): Buffer {
    const r = this.r;
    const q = question(
      nameWire(r.pick(this.names)),
      r.pick([TYPE_CODES.SOA, TYPE_CODES.AXFR, TYPE_CODES.A]),
      CLASS_IN,
    );
    const mac = r.bytes(r.pick([0, 16, 32]));
    const rdata = Buffer.concat([
      nameWire('hmac-sha256.'),
      Buffer.from([0, 0]),
      u32(Math.floor(Date.UTC(2026, 0, 1) / 1000)),
      u16(300),
      u16(mac.length),
      mac,
      u16(r.int(0, 0xffff)),
      u16(0),
      u16(0),
    ]);
    const tsigRecord = (data: Buffer) => record(nameWire('key.fuzz.test.'), TYPE_CODES.TSIG, 255, 0, data);
    const flags = queryFlags(r, r.pick([0, 0, 4, 5]));
    const variants: (() => Buffer)[] = [
      () => rawMessage(flags, { qd: [q], ar: [tsigRecord(rdata)] }),
      () => rawMessage(flags, { qd: [q], ar: [tsigRecord(rdata), opt(1232, 0)] }),
      () => rawMessage(flags, { qd: [q], an: [tsigRecord(rdata)] }),
      () => rawMessage(flags, { qd: [q], ar: [tsigRecord(r.bytes(r.int(0, 30)))] }),
      () => rawMessage(flags, { qd: [q], ar: [tsigRecord(rdata), tsigRecord(rdata)] }),
      () => rawMessage(flags, { qd: [q], ar: [tsigRecord(rdata.subarray(0, r.int(0, rdata.length)))] }),
    ];
    return r.pick(variants)();
  }

  private trailing(): Buffer {
    return Buffer.concat([
      this.base(),
      this.r.chance(0.3) ? Buffer.alloc(this.r.int(1, 64)) : this.r.bytes(this.r.int(1, 64)),
    ]);
  }

  /** No question, several, or fewer than the header says. */
  private questions(): Buffer {
    const r = this.r;
    const q = () => question(nameWire(r.pick(this.names)), r.pick(ANSWER_TYPES), CLASS_IN);
    const count = r.pick([0, 0, 2, 3, 5]);
    const questions = Array.from({ length: count }, q);
    const sections: Sections = { qd: questions, ar: r.chance(0.5) ? [opt(1232, 0)] : [] };
    return rawMessage(
      queryFlags(r),
      sections,
      r.chance(0.3) ? [count + 1, 0, 0, sections.ar!.length] : undefined,
    );
  }

  /**
   * Records where a query has none: NOTIFY and UPDATE shapes, IXFR with its SOA, random records, and
   * rdata lengths that lie.
   */
  private records(): Buffer {
    const r = this.r;
    const zone = r.pick(['fuzz.test.', 'fuzz2.test.', r.pick(this.names)]);
    const apex = nameWire(zone);
    const soaRdata = Buffer.concat([
      nameWire('ns1.fuzz.test.'),
      nameWire('hostmaster.fuzz.test.'),
      u32(r.u32()),
      u32(3600),
      u32(600),
      u32(86400),
      u32(300),
    ]);
    const soa = record(
      apex,
      TYPE_CODES.SOA,
      r.pick([CLASS_IN, 254, 255]),
      0,
      r.chance(0.8) ? soaRdata : r.bytes(r.int(0, 30)),
    );
    const randomRecord = () =>
      record(
        r.chance(0.5) ? Buffer.from([0xc0, HEADER]) : nameWire(r.pick(this.names)),
        r.int(0, 300),
        r.pick(CLASSES),
        r.u32(),
        r.bytes(r.int(0, 60)),
      );
    const q = (type: number) => question(apex, type, CLASS_IN);
    const variants: (() => Buffer)[] = [
      () => rawMessage(queryFlags(r, 4) | FLAG.AA, { qd: [q(TYPE_CODES.SOA)], an: [soa] }),
      () =>
        rawMessage(queryFlags(r, 5), {
          qd: [q(TYPE_CODES.SOA)],
          an: [randomRecord()],
          ns: [randomRecord(), randomRecord()],
        }),
      () => rawMessage(queryFlags(r), { qd: [q(TYPE_CODES.IXFR)], ns: [soa] }),
      () =>
        rawMessage(queryFlags(r), {
          qd: [q(r.pick(ANSWER_TYPES))],
          an: [randomRecord()],
          ns: [randomRecord()],
          ar: [randomRecord()],
        }),
      () =>
        rawMessage(queryFlags(r), {
          qd: [q(TYPE_CODES.A)],
          an: [record(apex, 1, 1, 0, Buffer.alloc(4), r.int(5, 0xffff))],
        }),
    ];
    return r.pick(variants)();
  }
}

/** Whether the server must answer: at least a header, and a query (QR clear). */
export const expectsAnswer = (bytes: Buffer) => bytes.length >= HEADER && (bytes[2] & 0x80) === 0;
