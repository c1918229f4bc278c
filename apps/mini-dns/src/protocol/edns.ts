import { Edns, Message, TYPE_CODES, readEdns } from '@zonewarden/dns';

/** Our EDNS UDP payload size (the DNS flag day 2020 value, BIND 9.18's default). */
export const EDNS_UDP_PAYLOAD = 1232;
/** The largest UDP response to a client without EDNS (RFC 1035 §4.2.1); also EDNS's floor (RFC 6891 §6.2.5). */
export const PLAIN_UDP_PAYLOAD = 512;
/** Octets of an OPT record without options, kept free while the sections are written. */
export const OPT_OCTETS = 11;

export class EdnsFormatError extends Error {}

/**
 * The query's OPT record (RFC 6891 §6.1.1): at most one, owned by the root, in the additional section
 * only. Anything else is a format error.
 */
export function queryEdns(message: Message): Edns | undefined {
  const misplaced = [...message.answers, ...message.authorities].some((r) => r.type === TYPE_CODES.OPT);
  const opts = message.additionals.filter((r) => r.type === TYPE_CODES.OPT);
  if (misplaced || opts.length > 1) throw new EdnsFormatError('OPT record misplaced or repeated');
  if (opts.length === 0) return undefined;
  if (opts[0].name.labelCount !== 0) throw new EdnsFormatError('OPT record not owned by the root');
  try {
    return readEdns(opts[0]);
  } catch (error) {
    throw new EdnsFormatError((error as Error).message);
  }
}

/** The largest UDP response this client takes: 512 without EDNS, else its size within [512, ours]. */
export function udpLimit(edns: Edns | undefined): number {
  if (!edns) return PLAIN_UDP_PAYLOAD;
  return Math.min(Math.max(edns.udpPayloadSize, PLAIN_UDP_PAYLOAD), EDNS_UDP_PAYLOAD);
}
