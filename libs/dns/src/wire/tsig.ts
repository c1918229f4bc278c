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

/** TSIG error codes (RFC 8945 §3): carried in the TSIG record of a NOTAUTH response. */
export const TSIG_ERROR = { BADSIG: 16, BADKEY: 17, BADTIME: 18 } as const;
const TSIG_ERRORS: Record<number, string> = { 16: 'BADSIG', 17: 'BADKEY', 18: 'BADTIME', 22: 'BADTRUNC' };
/** RFC 8945 §5.3.1: at most 99 unsigned messages between two signed ones. */
const MAX_UNSIGNED_RUN = 99;

export class TsigError extends Error {}
/** A TSIG record whose fields do not add up to its length: the request is answered FORMERR. */
export class TsigFormatError extends TsigError {}

const EMPTY = Buffer.alloc(0);
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

/** The TSIG variables of RFC 8945 §4.3.3 (`other`: the Other Data, the server's time of a BADTIME). */
function variables(
  key: TsigKey,
  timeSigned: number,
  fudge: number,
  error: number,
  other: Buffer = EMPTY,
): Buffer {
  return Buffer.concat([
    canonical(key.name),
    u16(CLASS_ANY),
    u32(0),
    canonical(TSIG_ALGORITHMS[key.algorithm].wire),
    timers(timeSigned, fudge),
    u16(error),
    u16(other.length),
    other,
  ]);
}

/** A TSIG record (RFC 8945 §4.2), by the names it carries (a refused key need not be one we know). */
function tsigRecord(
  keyName: string,
  algorithmWire: string,
  fields: { timeSigned: number; mac: Buffer; originalId: number; error: number; other?: Buffer },
): Buffer {
  const other = fields.other ?? EMPTY;
  const rdata = Buffer.concat([
    canonical(algorithmWire),
    timers(fields.timeSigned, TSIG_FUDGE),
    u16(fields.mac.length),
    fields.mac,
    u16(fields.originalId),
    u16(fields.error),
    u16(other.length),
    other,
  ]);
  return Buffer.concat([
    canonical(keyName),
    u16(TYPE_CODES.TSIG),
    u16(CLASS_ANY),
    u32(0),
    u16(rdata.length),
    rdata,
  ]);
}

/** `message` with `record` appended to its additional section. */
function appended(message: Buffer, record: Buffer): Buffer {
  const signed = Buffer.concat([message, record]);
  signed.writeUInt16BE(signed.readUInt16BE(10) + 1, 10);
  return signed;
}

/** `message` (a finished request) with its TSIG record appended, and the request's MAC. */
export function signRequest(
  message: Buffer,
  key: TsigKey,
  now = Date.now(),
): { signed: Buffer; requestMac: Buffer } {
  const timeSigned = Math.floor(now / 1000);
  const requestMac = mac(key, [message, variables(key, timeSigned, TSIG_FUDGE, 0)]);
  const record = tsigRecord(key.name, TSIG_ALGORITHMS[key.algorithm].wire, {
    timeSigned,
    mac: requestMac,
    originalId: message.readUInt16BE(0),
    error: 0,
  });
  return { signed: appended(message, record), requestMac };
}

interface TsigFields {
  algorithm: WireName;
  timeSigned: number;
  fudge: number;
  mac: Buffer;
  originalId: number;
  error: number;
  other: Buffer;
}

/** The algorithm name: readName throws only on a malformed name (it may point anywhere in the message). */
function algorithmName(raw: Buffer, offset: number): { name: WireName; next: number } {
  try {
    return readName(raw, offset);
  } catch (error) {
    throw new TsigFormatError(`a malformed TSIG record: ${(error as Error).message}`);
  }
}

/** The message as it was before its TSIG record was added: the MAC covers these bytes. */
function withoutTsig(raw: Buffer, record: MessageRecord, tsig: TsigFields): Buffer {
  const stripped = Buffer.from(raw.subarray(0, record.start));
  stripped.writeUInt16BE(tsig.originalId, 0);
  stripped.writeUInt16BE(stripped.readUInt16BE(10) - 1, 10);
  return stripped;
}

function readTsig(raw: Buffer, record: MessageRecord): TsigFields {
  const end = record.rdataOffset + record.rdata.length;
  const { name: algorithm, next } = algorithmName(raw, record.rdataOffset);
  const macLength = next + 10 <= end ? raw.readUInt16BE(next + 8) : Infinity;
  const after = next + 10 + macLength;
  const otherLength = after + 6 <= end ? raw.readUInt16BE(after + 4) : Infinity;
  if (after + 6 + otherLength !== end) throw new TsigFormatError('a malformed TSIG record');
  return {
    algorithm,
    timeSigned: raw.readUInt16BE(next) * 2 ** 32 + raw.readUInt32BE(next + 2),
    fudge: raw.readUInt16BE(next + 6),
    mac: raw.subarray(next + 10, after),
    originalId: raw.readUInt16BE(after),
    error: raw.readUInt16BE(after + 2),
    other: raw.subarray(after + 6, end),
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
    const stripped = withoutTsig(raw, record, tsig);
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

/** Octets of a TSIG record: owner, type/class/TTL/rdlength, algorithm, timers, MAC, id/error/other, other. */
function recordOctets(
  keyName: string,
  algorithmWire: string,
  macLength: number,
  otherLength: number,
): number {
  return canonical(keyName).length + 10 + canonical(algorithmWire).length + 10 + macLength + 6 + otherLength;
}

/** BADTIME's Other Data: the server's time. */
const TIME_OCTETS = 6;

/** What the server makes of a signed request (RFC 8945 §5.2), and how it signs its response messages. */
export interface SignedRequest {
  /** The key, when the request verified, or verified but was signed out of the time window (BADTIME). */
  key?: TsigKey;
  /** 0 when the request verified; else BADKEY, BADSIG or BADTIME, which the response carries (NOTAUTH). */
  error: number;
  /** Octets the TSIG record of each response message takes at most (kept free while it is written). */
  octets: number;
  /**
   * Adds the TSIG record to a response message, the messages of a transfer in order (RFC 8945 §5.3): each
   * signed, the first covering the request's MAC; a BADKEY or BADSIG response gets an unsigned one.
   */
  sign(response: Buffer): Buffer;
}

/** The server's half: the key a request names, looked up among the ones it holds. */
export type TsigKeyLookup = (name: WireName) => TsigKey | undefined;

/**
 * Verifies a request's TSIG record, the last of its additional section (the caller refuses one elsewhere
 * with FORMERR): undefined when the request is not signed.
 */
export function verifyRequest(
  raw: Buffer,
  message: Message,
  lookup: TsigKeyLookup,
  now: () => number = Date.now,
): SignedRequest | undefined {
  const record = message.additionals[message.additionals.length - 1];
  if (!record || record.type !== TYPE_CODES.TSIG) return undefined;
  const tsig = readTsig(raw, record);
  const unsigned = (error: number): SignedRequest => ({
    error,
    octets: recordOctets(record.name.toString(), tsig.algorithm.toString(), 0, 0),
    sign: (response) =>
      appended(
        response,
        tsigRecord(record.name.toString(), tsig.algorithm.toString(), {
          timeSigned: Math.floor(now() / 1000),
          mac: EMPTY,
          originalId: response.readUInt16BE(0),
          error,
        }),
      ),
  });
  const key = lookup(record.name);
  if (!key || !tsig.algorithm.equals(WireName.fromText(TSIG_ALGORITHMS[key.algorithm].wire)))
    return unsigned(TSIG_ERROR.BADKEY);
  const expected = mac(key, [
    withoutTsig(raw, record, tsig),
    variables(key, tsig.timeSigned, tsig.fudge, tsig.error, tsig.other),
  ]);
  if (tsig.mac.length !== expected.length || !timingSafeEqual(tsig.mac, expected))
    return unsigned(TSIG_ERROR.BADSIG);
  const signer = new ResponseSigner(key, tsig.mac, now);
  const { wire, hash } = TSIG_ALGORITHMS[key.algorithm];
  const octets = recordOctets(key.name, wire, createHmac(hash, EMPTY).digest().length, TIME_OCTETS);
  if (Math.abs(now() / 1000 - tsig.timeSigned) > tsig.fudge)
    return {
      key,
      error: TSIG_ERROR.BADTIME,
      octets,
      sign: (response) => signer.badTime(response, tsig.timeSigned),
    };
  return { key, error: 0, octets, sign: (response) => signer.sign(response) };
}

/** Signs every message of a response (RFC 8945 §5.3.1 allows leaving some unsigned; we never do). */
class ResponseSigner {
  private first = true;

  constructor(
    private readonly key: TsigKey,
    private priorMac: Buffer,
    private readonly now: () => number,
  ) {}

  sign(message: Buffer): Buffer {
    return this.signed(message, Math.floor(this.now() / 1000), 0, EMPTY);
  }

  /** RFC 8945 §5.2.3: the request's time signed, and ours in the Other Data. */
  badTime(message: Buffer, requestTime: number): Buffer {
    return this.signed(message, requestTime, TSIG_ERROR.BADTIME, u48(Math.floor(this.now() / 1000)));
  }

  private signed(message: Buffer, timeSigned: number, error: number, other: Buffer): Buffer {
    const covered = this.first
      ? variables(this.key, timeSigned, TSIG_FUDGE, error, other)
      : timers(timeSigned, TSIG_FUDGE);
    const digest = mac(this.key, [u16(this.priorMac.length), this.priorMac, message, covered]);
    this.priorMac = digest;
    this.first = false;
    const record = tsigRecord(this.key.name, TSIG_ALGORITHMS[this.key.algorithm].wire, {
      timeSigned,
      mac: digest,
      originalId: message.readUInt16BE(0),
      error,
      other,
    });
    return appended(message, record);
  }
}
