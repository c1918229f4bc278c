import {
  CLASS_ANY,
  CLASS_IN,
  CLASS_NONE,
  MessageWriter,
  OPCODE,
  Section,
  TSIG_ERROR,
  TYPE_CODES,
  TsigKey,
  WireName,
  rdataToWire,
  readMessage,
  signRequest,
  verifyRequest,
} from '@zonewarden/dns';
import { SeededRandom } from './seeded-random';

/** A hostile UPDATE, which must change nothing. */
export interface HostileUpdate {
  /** What it tries. */
  name: string;
  bytes: Buffer;
  /** False for messages no server answers (a response, a header cut short). */
  answered: boolean;
}

/** A record of an UPDATE message: the update section unless told. */
export interface UpdateRecord {
  section?: Section;
  owner: string;
  type: number;
  klass: number;
  ttl?: number;
  rdata?: Buffer;
}

const name = (text: string) => WireName.fromText(text);
const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
const ADDRESS = Buffer.from([192, 0, 2, 66]);

/** An UPDATE of `zone` with `records`; without records, one that adds an A record (192.0.2.66) at `victim`. */
export function updateMessage(
  zone: string,
  victim: string,
  records?: UpdateRecord[],
  zoneType = TYPE_CODES.SOA,
  zoneClass = CLASS_IN,
): Buffer {
  const writer = new MessageWriter(Buffer.alloc(65535), 65535);
  writer.question(name(zone), zoneType, zoneClass);
  for (const r of records ?? [{ owner: victim, type: TYPE_CODES.A, klass: CLASS_IN, rdata: ADDRESS }])
    writer.record(
      r.section ?? Section.Authority,
      name(r.owner),
      r.type,
      r.klass,
      r.ttl ?? 300,
      r.rdata ?? Buffer.alloc(0),
    );
  return writer.finish(0x2136, OPCODE.UPDATE << 11);
}

/** `message` with the 16 bits at `offset` set (a header count: 4 zone, 6 prerequisites, 8 updates, 10 additional). */
function withU16(message: Buffer, offset: number, count: number): Buffer {
  const copy = Buffer.from(message);
  copy.writeUInt16BE(count, offset);
  return copy;
}

/** `message` with raw records appended to its section at `countAt` (which must be the last one written). */
function appended(message: Buffer, countAt: number, ...records: Buffer[]): Buffer {
  const out = Buffer.concat([message, ...records]);
  out.writeUInt16BE(message.readUInt16BE(countAt) + records.length, countAt);
  return out;
}

/** Whether a message is one the key signed (it parses and its MAC verifies, whatever its time). */
function verifies(bytes: Buffer, key: TsigKey): boolean {
  try {
    const signed = verifyRequest(bytes, readMessage(bytes), () => key);
    return !!signed && (signed.error === 0 || signed.error === TSIG_ERROR.BADTIME);
  } catch {
    return false;
  }
}

/**
 * The corpus: malformed sections, huge counts, compression loops, TSIG tricks (truncated, not last, twice,
 * another algorithm's name, in the update section, out of time, MD5, an unknown key, a wrong secret), valid
 * signatures over content the RFC refuses, and `mutations` random changes of a valid signed update (each
 * one no longer verifies). Each would add an A record at `victim` (or a name near it) if it were applied.
 */
export function hostileUpdates(
  zone: string,
  victim: string,
  key: TsigKey,
  mutations: number,
  seed = 2136,
): HostileUpdate[] {
  const corpus: HostileUpdate[] = [];
  const add = (what: string, bytes: Buffer, answered = true) => corpus.push({ name: what, bytes, answered });
  const signed = (message: Buffer, signer = key, now?: number) => signRequest(message, signer, now).signed;
  /** A signed update of these records (the update section unless they say). */
  const update = (...records: UpdateRecord[]) => signed(updateMessage(zone, victim, records));
  const rr = (owner: string, type: number, klass: number, rdata?: Buffer, ttl?: number): UpdateRecord => ({
    owner,
    type,
    klass,
    rdata,
    ttl,
  });
  const addVictim = rr(victim, TYPE_CODES.A, CLASS_IN, ADDRESS);
  const plain = updateMessage(zone, victim);
  const valid = signed(plain);
  const tsigAt = readMessage(valid).additionals[0];
  const tsig = valid.subarray(tsigAt.start);

  // The zone section.
  add('no zone', withU16(valid, 4, 0));
  const questionEnd = 12 + name(zone).wireLength + 4;
  add(
    'two zones',
    signed(withU16(Buffer.concat([plain.subarray(0, questionEnd), plain.subarray(12)]), 4, 2)),
  );
  add('zone count 2, one present', withU16(plain, 4, 2));
  add('zone type A', signed(updateMessage(zone, victim, undefined, TYPE_CODES.A)));
  for (const [klass, label] of [
    [CLASS_ANY, 'ANY'],
    [CLASS_NONE, 'NONE'],
    [3, 'CH'],
  ] as const)
    add(`zone class ${label}`, signed(updateMessage(zone, victim, undefined, TYPE_CODES.SOA, klass)));
  // Counts that promise more than there is, or all there could be.
  for (const offset of [4, 6, 8, 10]) {
    add(`count ${offset} + 1`, withU16(valid, offset, valid.readUInt16BE(offset) + 1));
    add(`count ${offset} = 65535`, withU16(valid, offset, 0xffff));
  }
  // Cut anywhere: in the header, a name, the record, the TSIG record.
  const cuts = [0, 1, 2, 11, 12, 14, 20, plain.length - 3, plain.length, valid.length - 20, valid.length - 1];
  for (const at of cuts) add(`cut at ${at}`, valid.subarray(0, at), at >= 12);
  // Compression loops: an owner pointing at itself; rdata pointing at itself, or forward.
  const selfOwner = Buffer.from(plain);
  selfOwner.writeUInt16BE(0xc000 | questionEnd, questionEnd);
  add('owner pointing at itself', selfOwner);
  const pointing = (target: (at: number) => number) => {
    const message = updateMessage(zone, victim, [rr(victim, TYPE_CODES.CNAME, CLASS_IN, u16(0xc000))]);
    const at = message.length - 2;
    message.writeUInt16BE(0xc000 | target(at), at);
    return signed(message);
  };
  add(
    'rdata name pointing at itself (signed)',
    pointing((at) => at),
  );
  add(
    'rdata name pointing forward (signed)',
    pointing(() => 0x3fff),
  );
  // Signed with the right key, content that does not decode or that the RFC refuses: nothing applied.
  add('A of 5 octets', update(rr(victim, TYPE_CODES.A, CLASS_IN, Buffer.from([192, 0, 2, 1, 1]))));
  add('MX cut short', update(rr(victim, TYPE_CODES.MX, CLASS_IN, Buffer.from([0, 10]))));
  add('TXT string past its rdata', update(rr(victim, TYPE_CODES.TXT, CLASS_IN, Buffer.from([200, 65]))));
  add('a delete of one RR with a TTL', update(rr(victim, TYPE_CODES.A, CLASS_NONE, ADDRESS, 60), addVictim));
  add('an add of type ANY', update(rr(victim, TYPE_CODES.ANY, CLASS_IN, Buffer.from([1]))));
  add('an add of type AXFR', update(rr(victim, TYPE_CODES.AXFR, CLASS_IN, Buffer.from([1]))));
  add('an add in class CH', update(rr(victim, TYPE_CODES.A, 3, ADDRESS)));
  add('OPT in the update section', update(rr(victim, TYPE_CODES.OPT, CLASS_IN)));
  const withTtl = { ...rr(zone, TYPE_CODES.ANY, CLASS_ANY, undefined, 5), section: Section.Answer };
  add('a prerequisite with a TTL, then an add', update(withTtl, addVictim));
  const outside = rr('elsewhere.example.', TYPE_CODES.A, CLASS_IN, ADDRESS);
  add('an add inside the zone, then one outside', update(addVictim, outside));
  const soa = rr(
    zone,
    TYPE_CODES.SOA,
    CLASS_IN,
    rdataToWire('SOA', `ns.${zone} h.${zone} 1 2 3 4 5`) as Buffer,
  );
  add('an add of an SOA beside a valid add', update(addVictim, soa));
  const cname = rr(zone, TYPE_CODES.CNAME, CLASS_IN, name('target.example.').toWire());
  add('a CNAME at the apex (ignored: the apex holds other data)', update(cname));
  // A valid update deleting 2,500 absent record sets (near 64 KB, changes nothing).
  const absent = Array.from({ length: 2500 }, (_, i) =>
    rr(`gone${i}.${victim}`, TYPE_CODES.TXT, CLASS_ANY, undefined, 0),
  );
  add('2,500 deletes of absent record sets', update(...absent));
  // TSIG tricks.
  add('unsigned', plain);
  const aRecord = Buffer.concat([
    name(victim).toWire(),
    u16(TYPE_CODES.A),
    u16(CLASS_IN),
    Buffer.alloc(4),
    u16(4),
    ADDRESS,
  ]);
  add('TSIG not last', appended(valid, 10, aRecord));
  add('two TSIGs', appended(valid, 10, tsig));
  add('the TSIG twice, re-signed', signed(valid));
  add('TSIG in the update section', appended(plain, 8, tsig));
  add('TSIG cut short', valid.subarray(0, valid.length - 4));
  const otherPastEnd = Buffer.from(valid);
  otherPastEnd.writeUInt16BE(3, otherPastEnd.length - 2);
  add('TSIG other length past its end', otherPastEnd);
  const macLengthAt = tsigAt.rdataOffset + name('hmac-sha256.').wireLength + 8;
  for (const length of [0xffff, 10]) add(`TSIG MAC length ${length}`, withU16(valid, macLengthAt, length));
  const otherAlgorithm = valid.toString('latin1').replace('hmac-sha256', 'hmac-sha999');
  add('TSIG of another algorithm name', Buffer.from(otherAlgorithm, 'latin1'));
  add('TSIG signed with MD5', signed(plain, { ...key, algorithm: 'hmac-md5' }));
  add('TSIG signed an hour ago', signed(plain, key, Date.now() - 3_600_000));
  add('TSIG signed an hour ahead', signed(plain, key, Date.now() + 3_600_000));
  add('TSIG of an unknown key', signed(plain, { ...key, name: 'stranger.' }));
  add(
    'TSIG with the wrong secret',
    signed(plain, { ...key, secret: Buffer.from('guess').toString('base64') }),
  );
  const response = Buffer.from(valid);
  response[2] |= 0x80;
  add('a response', response, false);
  // Random changes of a valid signed update that leave it unverifiable: not its id (which the MAC does not
  // cover), nor a change of case in the key's or the algorithm's name (names compare in any case) — those
  // are the same update, sent again.
  const random = new SeededRandom(seed);
  for (let i = 0; i < mutations;) {
    const bytes = Buffer.from(valid);
    for (let c = random.int(1, 3); c > 0; c--) bytes[random.int(2, bytes.length - 1)] = random.int(0, 255);
    if (!verifies(bytes, key)) add(`mutation ${i++}`, bytes, (bytes[2] & 0x80) === 0);
  }
  return corpus;
}
