import * as packet from 'dns-packet';
import { quoted } from '../rdata/rdata';
import { rawRdataText } from './raw-rdata-text';

/** A decoded name as presentation: absolute, the root as `.`. */
const absolute = (name: string) => (name === '' || name === '.' ? '.' : `${name}.`);
const hex = (bytes: Buffer) => bytes.toString('hex').toUpperCase();
const text = (value: string | Buffer) => quoted(Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8'));

/* eslint-disable @typescript-eslint/no-explicit-any -- dns-packet's decoded rdata is untyped per type */
const FORMATTERS: Record<string, (data: any) => string> = {
  NS: absolute,
  CNAME: absolute,
  DNAME: absolute,
  PTR: absolute,
  MX: (d) => `${d.preference} ${absolute(d.exchange)}`,
  SRV: (d) => `${d.priority} ${d.weight} ${d.port} ${absolute(d.target)}`,
  CAA: (d) => `${d.flags} ${d.tag} ${text(d.value)}`,
  SSHFP: (d) => `${d.algorithm} ${d.hash} ${String(d.fingerprint).toUpperCase()}`,
  TLSA: (d) => `${d.usage} ${d.selector} ${d.matchingType} ${hex(d.certificate)}`,
  DS: (d) => `${d.keyTag} ${d.algorithm} ${d.digestType} ${hex(d.digest)}`,
  NAPTR: (d) =>
    `${d.order} ${d.preference} ${text(d.flags)} ${text(d.services)} ${text(d.regexp)} ${absolute(d.replacement)}`,
};
/* eslint-enable @typescript-eslint/no-explicit-any */

interface RdataCodec {
  decode: ((buf: Buffer, offset: number) => unknown) & { bytes: number };
}

/**
 * RFC 3597 generic rdata (`\# <length> <hex>`) of a type we know, in its usual presentation form (which
 * the type's own parser then checks), or undefined when we cannot decode that type. dns-packet's codecs
 * do the wire decoding; they read the RDLENGTH prefix, which we add.
 */
export function presentationFromWire(type: string, rdata: Buffer): string | undefined {
  return decodeAndFormat(FORMATTERS, type, rdata);
}

/** The types a zone transfer brings besides those above, which zonefiles write in presentation form. */
/* eslint-disable @typescript-eslint/no-explicit-any -- as above */
const TRANSFER_FORMATTERS: Record<string, (data: any) => string> = {
  ...FORMATTERS,
  A: String,
  AAAA: String,
  TXT: (d: Buffer[]) => d.map(text).join(' '),
  SPF: (d: Buffer[]) => d.map(text).join(' '),
  SOA: (d) =>
    `${absolute(d.mname)} ${absolute(d.rname)} ${d.serial} ${d.refresh} ${d.retry} ${d.expire} ${d.minimum}`,
};
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * A transferred record's rdata (its names uncompressed) as the API stores records: presentation form for
 * the types we can decode, RFC 3597 generic rdata for the others (which mini-dns serves as they came).
 */
export function transferredRdata(type: string, rdata: Buffer): string {
  const presentation = decodeAndFormat(TRANSFER_FORMATTERS, type, rdata);
  return presentation ?? `\\# ${rdata.length}${rdata.length ? ` ${hex(rdata)}` : ''}`;
}

/**
 * A record's rdata read from the wire (its names uncompressed) as the API takes record data: the presentation
 * form of every type the API takes (HTTPS, SVCB and CERT too, which a transfer keeps generic), RFC 3597 generic
 * data for the others.
 */
export function recordDataFromWire(type: string, rdata: Buffer): string {
  return rawRdataText(type, rdata) ?? transferredRdata(type, rdata);
}

function decodeAndFormat(
  formatters: Record<string, (data: unknown) => string>,
  type: string,
  rdata: Buffer,
): string | undefined {
  const format = formatters[type];
  if (!format) return undefined;
  const codec = (packet as unknown as { record(type: string): RdataCodec }).record(type);
  const framed = Buffer.concat([Buffer.from([rdata.length >> 8, rdata.length & 255]), rdata]);
  let data: unknown;
  try {
    data = codec.decode(framed, 0);
  } catch (error) {
    throw new Error(`its ${type} rdata does not decode (${(error as Error).message})`);
  }
  if (codec.decode.bytes !== framed.length) throw new Error(`its ${type} rdata has bytes left over`);
  return format(data);
}
