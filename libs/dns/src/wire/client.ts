import * as dgram from 'node:dgram';
import * as net from 'node:net';
import * as packet from 'dns-packet';
import { readMessage } from './message-reader';
import { MessageWriter } from './message-writer';
import { TsigKey, TsigVerifier, signRequest } from './tsig';
import { CLASS_IN, TYPE_CODES } from './types';
import { WireName } from './wire-name';

export interface DnsServer {
  host: string;
  port: number;
}

/**
 * dns-packet's types leave out the header fields it decodes. (It encodes them only through `flags`:
 * the opcode in bits 11–14, the rcode in bits 0–3.)
 */
export type DnsMessage = packet.Packet & { rcode?: string; opcode?: string };

/** The NOTIFY opcode (RFC 1996) as header flag bits. */
export const NOTIFY_OPCODE_FLAGS = 4 << 11;

let nextId = Math.floor(Math.random() * 65535);
export const newId = () => (nextId = (nextId + 1) & 0xffff);

/** Sends one DNS message over UDP and resolves with the matching reply, or rejects after `timeoutMs`. */
export async function exchange(
  server: DnsServer,
  message: DnsMessage,
  timeoutMs = 2000,
): Promise<DnsMessage> {
  const id = newId();
  return packet.decode(
    await exchangeBytes(server, packet.encode({ ...message, id }), timeoutMs),
  ) as DnsMessage;
}

/** Sends an encoded message over UDP; resolves with the first reply of the same id. */
export function exchangeBytes(server: DnsServer, query: Buffer, timeoutMs: number): Promise<Buffer> {
  const id = query.readUInt16BE(0);
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(net.isIPv6(server.host) ? 'udp6' : 'udp4');
    const timer = setTimeout(
      () => finish(new Error(`no answer from ${server.host}:${server.port} in ${timeoutMs} ms`)),
      timeoutMs,
    );
    const finish = (error?: Error, reply?: Buffer) => {
      clearTimeout(timer);
      socket.close();
      if (error) reject(error);
      else resolve(reply!);
    };
    socket.on('error', (error) => finish(error));
    socket.on('message', (buffer) => {
      // Anything else (too short, another id) is not the answer: keep waiting.
      if (buffer.length >= 12 && buffer.readUInt16BE(0) === id && buffer[2] & 0x80) finish(undefined, buffer);
    });
    socket.send(query, server.port, server.host);
  });
}

/** A served zone's serial and its SOA's refresh and retry timers (seconds), or the refusal. */
export type SoaState =
  { present: true; serial: number; refresh: number; retry: number } | { present: false; rcode: string };

/** What a server says of a zone: its SOA serial, or that it does not serve it (REFUSED, NXDOMAIN, …). */
export async function querySoa(server: DnsServer, zone: string, timeoutMs?: number): Promise<SoaState> {
  const reply = await exchange(
    server,
    { type: 'query', flags: 0, questions: [{ type: 'SOA', name: zone.replace(/\.$/, '') }] },
    timeoutMs,
  );
  const soa = reply.answers?.find((answer) => answer.type === 'SOA');
  if (reply.rcode === 'NOERROR' && soa && (reply.flags ?? 0) & packet.AUTHORITATIVE_ANSWER) {
    const { serial, refresh, retry } = soa.data as packet.SoaData;
    return { present: true, serial: serial!, refresh: refresh!, retry: retry! };
  }
  return { present: false, rcode: reply.rcode ?? 'NOERROR' };
}

/**
 * RFC 1996 NOTIFY for a zone; resolves when the server acknowledged it. With a key, the NOTIFY is signed
 * (RFC 8945) and the acknowledgement must verify.
 */
export async function sendNotify(
  server: DnsServer,
  zone: string,
  timeoutMs = 2000,
  key?: TsigKey,
): Promise<void> {
  const writer = new MessageWriter(Buffer.alloc(512), 512);
  writer.question(WireName.fromText(zone), TYPE_CODES.SOA, CLASS_IN);
  const notify = writer.finish(newId(), NOTIFY_OPCODE_FLAGS | packet.AUTHORITATIVE_ANSWER);
  if (!key) {
    await exchangeBytes(server, notify, timeoutMs);
    return;
  }
  const { signed, requestMac } = signRequest(notify, key);
  const reply = await exchangeBytes(server, signed, timeoutMs);
  new TsigVerifier(key, requestMac).verify(reply, readMessage(reply));
}
