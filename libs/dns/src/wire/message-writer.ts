import { LiteralName, Rdata } from './rdata-wire';
import { WireName } from './wire-name';

/** Where a message stood, to take back a record that did not fit. */
export interface WriterMark {
  offset: number;
  counts: number[];
  names: number;
}

const HEADER_OCTETS = 12;
/** Compression pointers hold 14-bit offsets (RFC 1035 §4.1.4). */
const MAX_POINTER = 0x3fff;
export const MAX_MESSAGE_OCTETS = 0xffff;

export enum Section {
  Question = 0,
  Answer = 1,
  Authority = 2,
  Additional = 3,
}

/**
 * Writes one DNS message with name compression (RFC 1035 §4.1.4) into a buffer of at most `limit` octets.
 * A record that does not fit is not written and `record` answers false; the caller decides between
 * truncation (TC) and leaving optional data out. Compression matches names by their exact bytes, as BIND
 * does by default, so names keep the letter case they were written with.
 */
export class MessageWriter {
  private offset = HEADER_OCTETS;
  private readonly counts = [0, 0, 0, 0];
  /** Presentation text of a written name suffix → its offset. */
  private readonly pointers = new Map<string, number>();
  /** Suffixes in the order they were added, so a rollback can forget them. */
  private readonly added: string[] = [];
  private limit: number;

  constructor(
    private readonly buffer: Buffer,
    limit: number,
  ) {
    this.limit = Math.min(limit, buffer.length);
  }

  /** Keeps `octets` free at the end (for an OPT record written last). */
  reserve(octets: number): void {
    this.limit -= octets;
  }

  release(octets: number): void {
    this.limit += octets;
  }

  get size(): number {
    return this.offset;
  }

  count(section: Section): number {
    return this.counts[section];
  }

  mark(): WriterMark {
    return { offset: this.offset, counts: [...this.counts], names: this.added.length };
  }

  rollback(mark: WriterMark): void {
    this.offset = mark.offset;
    for (let i = 0; i < 4; i++) this.counts[i] = mark.counts[i];
    while (this.added.length > mark.names) this.pointers.delete(this.added.pop()!);
  }

  question(name: WireName, type: number, klass: number): boolean {
    const mark = this.mark();
    if (!this.name(name, true) || !this.u16(type) || !this.u16(klass)) return this.undo(mark);
    this.counts[Section.Question]++;
    return true;
  }

  /** One resource record; false (and nothing written) when it does not fit. */
  record(section: Section, owner: WireName, type: number, klass: number, ttl: number, rdata: Rdata): boolean {
    const mark = this.mark();
    if (!this.name(owner, true) || !this.u16(type) || !this.u16(klass) || !this.u32(ttl) || !this.room(2))
      return this.undo(mark);
    const lengthAt = this.offset;
    this.offset += 2;
    if (Buffer.isBuffer(rdata)) {
      if (!this.bytes(rdata)) return this.undo(mark);
    } else {
      for (const part of rdata) {
        const written = Buffer.isBuffer(part)
          ? this.bytes(part)
          : part instanceof LiteralName
            ? this.name(part.name, false)
            : this.name(part, true);
        if (!written) return this.undo(mark);
      }
    }
    const length = this.offset - lengthAt - 2;
    if (length > 0xffff) return this.undo(mark);
    this.buffer.writeUInt16BE(length, lengthAt);
    this.counts[section]++;
    return true;
  }

  /** The EDNS OPT pseudo-record (RFC 6891 §6.1.2) with no options. */
  opt(udpPayloadSize: number, extendedRcode: number, version: number, flags: number): boolean {
    if (!this.room(11)) return false;
    const b = this.buffer;
    const at = this.offset;
    b[at] = 0; // root owner
    b.writeUInt16BE(41, at + 1);
    b.writeUInt16BE(udpPayloadSize, at + 3);
    b[at + 5] = extendedRcode;
    b[at + 6] = version;
    b.writeUInt16BE(flags, at + 7);
    b.writeUInt16BE(0, at + 9);
    this.offset += 11;
    this.counts[Section.Additional]++;
    return true;
  }

  /** The finished message: the header written over the first 12 octets, the bytes copied out. */
  finish(id: number, flags: number): Buffer {
    const b = this.buffer;
    b.writeUInt16BE(id, 0);
    b.writeUInt16BE(flags, 2);
    for (let i = 0; i < 4; i++) b.writeUInt16BE(this.counts[i], 4 + 2 * i);
    return Buffer.from(b.subarray(0, this.offset));
  }

  private undo(mark: WriterMark): false {
    this.rollback(mark);
    return false;
  }

  private room(octets: number): boolean {
    return this.offset + octets <= this.limit;
  }

  private u16(value: number): boolean {
    if (!this.room(2)) return false;
    this.buffer.writeUInt16BE(value, this.offset);
    this.offset += 2;
    return true;
  }

  private u32(value: number): boolean {
    if (!this.room(4)) return false;
    this.buffer.writeUInt32BE(value >>> 0, this.offset);
    this.offset += 4;
    return true;
  }

  private bytes(bytes: Buffer): boolean {
    if (!this.room(bytes.length)) return false;
    bytes.copy(this.buffer, this.offset);
    this.offset += bytes.length;
    return true;
  }

  /** Writes a name, ending in a pointer to an earlier copy of its longest known suffix when `compress`. */
  private name(name: WireName, compress: boolean): boolean {
    const labels = name.labels;
    let i = 0;
    let pointer: number | undefined;
    for (; compress && i < labels.length; i++) {
      pointer = this.pointers.get(name.suffixText(i));
      if (pointer !== undefined) break;
    }
    if (!compress) i = labels.length;
    let needed = pointer !== undefined ? 2 : 1;
    for (let j = 0; j < i; j++) needed += labels[j].length + 1;
    if (!this.room(needed)) return false;
    for (let j = 0; j < i; j++) {
      if (this.offset <= MAX_POINTER) {
        const suffix = name.suffixText(j);
        if (!this.pointers.has(suffix)) {
          this.pointers.set(suffix, this.offset);
          this.added.push(suffix);
        }
      }
      const label = labels[j];
      this.buffer[this.offset++] = label.length;
      label.copy(this.buffer, this.offset);
      this.offset += label.length;
    }
    if (pointer !== undefined) {
      this.buffer.writeUInt16BE(0xc000 | pointer, this.offset);
      this.offset += 2;
    } else {
      this.buffer[this.offset++] = 0;
    }
    return true;
  }
}
