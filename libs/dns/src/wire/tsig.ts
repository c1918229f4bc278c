import { createHmac, timingSafeEqual } from 'node:crypto';
import { Message, MessageRecord, readName } from './message-reader';
import { CLASS_ANY, TYPE_CODES } from './types';
import { WireName } from './wire-name';

/**
 * TSIG (RFC 8945): HMAC signatures of DNS messages with a shared secret. Hand-written on our wire reader
 * and node:crypto, because no maintained npm library signs and verifies TSIG (dns-packet encodes the
 * record but computes no MAC, and the message bytes a MAC covers are the ones we write and read).
 */

/** Designate's algorithm names and the names they have on the wire (RFC 8945 §6). */
export const TSIG_ALGORITHMS = {
  'hmac-md5': { wire: 'hmac-md5.sig-alg.reg.int', hash: 'md5' },
  'hmac-sha1': { wire: 'hmac-sha1', hash: 'sha1' },
  'hmac-sha224': { wire: 'hmac-sha224', hash: 'sha224' },
  'hmac-sha256': { wire: 'hmac-sha256', hash: 'sha256' },
  'hmac-sha384': { wire: 'hmac-sha384', hash: 'sha384' },
  'hmac-sha512': { wire: 'hmac-sha512', hash: 'sha512' },
} as const;

export type TsigAlgorithm = keyof typeof TSIG_ALGORITHMS;

export interface TsigKey {
  name: string;
  algorithm: TsigAlgorithm;
  /** The shared secret, base64 (as BIND's `key` statements and Designate hold it). */
  secret: string;
}

/** Seconds of clock difference accepted (RFC 8945 §10: 300 recommended). */
export const TSIG_FUDGE = 300;

const TSIG_ERRORS: Record<number, string> = { 16: 'BADSIG', 17: 'BADKEY', 18: 'BADTIME', 22: 'BADTRUNC' };
/** RFC 8945 §5.3.1: at most 99 unsigned messages between two signed ones. */
const MAX_UNSIGNED_RUN = 99;

export class TsigError extends Error {}

const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
const u32 = (value: number) =>
  Buffer.from([value >>> 24, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff]);
const u48 = (value: number) => Buffer.concat([u16(Math.floor(value / 2 ** 32)), u32(value % 2 ** 32)]);
/** Names in the MAC are canonical: uncompressed and lower case (RFC 8945 §4.3.3). */
const canonical = (name: string) => WireName.fromText(name.toLowerCase()).toWire();

function mac(key: TsigKey, parts: Buffer[]): Buffer {
  const hmac = createHmac(TSIG_ALGORITHMS[key.algorithm].hash, Buffer.from(key.secret, 'base64'));
  for (const part of parts) hmac.update(part);
  return hmac.digest();
}

function timers(timeSigned: number, fudge: number): Buffer {
  return Buffer.concat([u48(timeSigned), u16(fudge)]);
}

/** The TSIG variables of RFC 8945 §4.3.3 (no other data). */
function variables(key: TsigKey, timeSigned: number, fudge: number, error: number): Buffer {
  return Buffer.concat([
    canonical(key.name),
    u16(CLASS_ANY),
    u32(0),
    canonical(TSIG_ALGORITHMS[key.algorithm].wire),
    timers(timeSigned, fudge),
    u16(error),
    u16(0),
  ]);
}

/** `message` (a finished request) with its TSIG record appended, and the request's MAC. */
export function signRequest(
  message: Buffer,
  key: TsigKey,
  now = Date.now(),
): { signed: Buffer; requestMac: Buffer } {
  const timeSigned = Math.floor(now / 1000);
  const requestMac = mac(key, [message, variables(key, timeSigned, TSIG_FUDGE, 0)]);
  const rdata = Buffer.concat([
    canonical(TSIG_ALGORITHMS[key.algorithm].wire),
    timers(timeSigned, TSIG_FUDGE),
    u16(requestMac.length),
    requestMac,
    message.subarray(0, 2), // the original id
    u16(0),
    u16(0),
  ]);
  const record = Buffer.concat([
    canonical(key.name),
    u16(TYPE_CODES.TSIG),
    u16(CLASS_ANY),
    u32(0),
    u16(rdata.length),
    rdata,
  ]);
  const signed = Buffer.concat([message, record]);
  signed.writeUInt16BE(signed.readUInt16BE(10) + 1, 10);
  return { signed, requestMac };
}

interface TsigFields {
  algorithm: WireName;
  timeSigned: number;
  fudge: number;
  mac: Buffer;
  originalId: number;
  error: number;
}

function readTsig(raw: Buffer, record: MessageRecord): TsigFields {
  const { name: algorithm, next } = readName(raw, record.rdataOffset);
  const macLength = raw.readUInt16BE(next + 8);
  const after = next + 10 + macLength;
  return {
    algorithm,
    timeSigned: raw.readUInt16BE(next) * 2 ** 32 + raw.readUInt32BE(next + 2),
    fudge: raw.readUInt16BE(next + 6),
    mac: raw.subarray(next + 10, after),
    originalId: raw.readUInt16BE(after),
    error: raw.readUInt16BE(after + 2),
  };
}

/** The TSIG error a (refused) response carries, e.g. `BADSIG`, or undefined. */
export function tsigErrorOf(raw: Buffer, message: Message): string | undefined {
  const record = message.additionals.find((r) => r.type === TYPE_CODES.TSIG);
  if (!record) return undefined;
  const { error } = readTsig(raw, record);
  return error ? (TSIG_ERRORS[error] ?? `error ${error}`) : undefined;
}

/**
 * Verifies the responses to a signed request, in order (RFC 8945 §5.3: the first covers the request's
 * MAC and the full variables; each later one the previous MAC, the unsigned messages since, and the
 * timers). Throws TsigError on anything that does not verify.
 */
export class TsigVerifier {
  private priorMac: Buffer;
  private unsigned: Buffer[] = [];
  private first = true;

  constructor(
    private readonly key: TsigKey,
    requestMac: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    this.priorMac = requestMac;
  }

  verify(raw: Buffer, message: Message): void {
    const record = message.additionals[message.additionals.length - 1];
    if (!record || record.type !== TYPE_CODES.TSIG) {
      if (this.first) throw new TsigError('the answer is not signed');
      if (this.unsigned.push(raw) > MAX_UNSIGNED_RUN) throw new TsigError('too many unsigned messages');
      return;
    }
    const tsig = readTsig(raw, record);
    if (!record.name.equals(WireName.fromText(this.key.name)))
      throw new TsigError(`the answer is signed with another key (${record.name.toString()})`);
    if (!tsig.algorithm.equals(WireName.fromText(TSIG_ALGORITHMS[this.key.algorithm].wire)))
      throw new TsigError('the answer is signed with another algorithm');
    if (tsig.error) throw new TsigError(`TSIG ${TSIG_ERRORS[tsig.error] ?? `error ${tsig.error}`}`);
    const stripped = Buffer.from(raw.subarray(0, record.start));
    stripped.writeUInt16BE(tsig.originalId, 0);
    stripped.writeUInt16BE(stripped.readUInt16BE(10) - 1, 10);
    const expected = mac(this.key, [
      u16(this.priorMac.length),
      this.priorMac,
      ...this.unsigned,
      stripped,
      this.first ? variables(this.key, tsig.timeSigned, tsig.fudge, 0) : timers(tsig.timeSigned, tsig.fudge),
    ]);
    if (tsig.mac.length !== expected.length || !timingSafeEqual(tsig.mac, expected))
      throw new TsigError('the answer has a bad signature (BADSIG)');
    if (Math.abs(this.now() / 1000 - tsig.timeSigned) > tsig.fudge)
      throw new TsigError('the answer was signed outside the time window (BADTIME)');
    this.priorMac = tsig.mac;
    this.unsigned = [];
    this.first = false;
  }

  /** After the last message: it must have been signed. */
  finish(): void {
    if (this.unsigned.length) throw new TsigError('the last message is not signed');
  }
}
