import { canonicalIpv6 } from '../rdata/rdata';
import { readName } from './message-reader';
import { SVC_KEYS } from './raw-rdata';

/**
 * The presentation form of the rdata of the types raw-rdata.ts writes by hand (SVCB, HTTPS, CERT: dns-packet
 * has no codec for them), the inverse of rawRdata: what a record read from the wire (an UPDATE's) becomes
 * before the type's own parser checks it. Throws on rdata that does not decode, or that the API's
 * presentation form cannot hold (an ALPN id or an unknown key's value with blanks, quotes, commas or
 * non-ASCII octets).
 */
export function rawRdataText(type: string, rdata: Buffer): string | undefined {
  if (type === 'SVCB' || type === 'HTTPS') return svcbText(rdata);
  if (type === 'CERT') return certText(rdata);
  return undefined;
}

const PLAIN = /^[\x21\x23-\x2b\x2d-\x5b\x5d-\x7e]+$/;

function plain(bytes: Buffer, what: string): string {
  const value = bytes.toString('latin1');
  if (!PLAIN.test(value)) throw new Error(`${what} holds octets the presentation form cannot`);
  return value;
}

function need(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

/** Fixed-size pieces of a value. */
function chunks(value: Buffer, size: number, what: string): Buffer[] {
  need(value.length > 0 && value.length % size === 0, `${what} of ${value.length} octets`);
  return Array.from({ length: value.length / size }, (_, i) => value.subarray(i * size, (i + 1) * size));
}

const keyName = (key: number) => SVC_KEYS[key] ?? `key${key}`;

/** An IPv6 address in RFC 5952 text. */
const ipv6Text = (bytes: Buffer) =>
  canonicalIpv6(Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2).toString(16)).join(':'));

/** A SvcParam's value in presentation form (RFC 9460 §7), or null for a key without one. */
function svcValue(key: number, value: Buffer): string | null {
  switch (key) {
    case 0:
      return chunks(value, 2, 'mandatory')
        .map((k) => keyName(k.readUInt16BE(0)))
        .join(',');
    case 1: {
      const ids: string[] = [];
      for (let at = 0; at < value.length; at += 1 + value[at]) {
        need(value[at] > 0 && at + 1 + value[at] <= value.length, 'an alpn id runs past its value');
        ids.push(plain(value.subarray(at + 1, at + 1 + value[at]), 'an alpn id'));
      }
      need(ids.length > 0, 'an empty alpn');
      return ids.join(',');
    }
    case 2:
      need(value.length === 0, 'no-default-alpn with a value');
      return null;
    case 3:
      need(value.length === 2, 'a port of other than 2 octets');
      return String(value.readUInt16BE(0));
    case 4:
      return chunks(value, 4, 'ipv4hint')
        .map((ip) => [...ip].join('.'))
        .join(',');
    case 5:
      need(value.length > 0, 'an empty ech');
      return value.toString('base64');
    case 6:
      return chunks(value, 16, 'ipv6hint').map(ipv6Text).join(',');
    default:
      return plain(value, `key${key}`);
  }
}

function svcbText(rdata: Buffer): string {
  need(rdata.length >= 3, 'an SVCB record cut short');
  const priority = rdata.readUInt16BE(0);
  const { name, next } = readName(rdata, 2);
  // The target is never compressed (RFC 9460 §2.2): a pointer would lead into the rdata, not the message.
  need(next - 2 === name.wireLength, 'a compressed SVCB target');
  const params: string[] = [];
  let previous = -1;
  for (let at = next; at < rdata.length;) {
    need(at + 4 <= rdata.length, 'a SvcParam cut short');
    const key = rdata.readUInt16BE(at);
    const length = rdata.readUInt16BE(at + 2);
    need(key > previous, 'SvcParams out of order');
    need(at + 4 + length <= rdata.length, 'a SvcParam value runs past its record');
    const value = svcValue(key, rdata.subarray(at + 4, at + 4 + length));
    params.push(value === null ? keyName(key) : `${keyName(key)}=${value}`);
    previous = key;
    at += 4 + length;
  }
  return [String(priority), name.toString(), ...params].join(' ');
}

function certText(rdata: Buffer): string {
  need(rdata.length > 5, 'a CERT record cut short');
  const data = rdata.subarray(5).toString('base64');
  return `${rdata.readUInt16BE(0)} ${rdata.readUInt16BE(2)} ${rdata[4]} ${data}`;
}
