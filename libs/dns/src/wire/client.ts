import * as dgram from 'node:dgram';
import * as net from 'node:net';
import * as packet from 'dns-packet';

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
const newId = () => (nextId = (nextId + 1) & 0xffff);

/** Sends one DNS message over UDP and resolves with the matching reply, or rejects after `timeoutMs`. */
export function exchange(server: DnsServer, message: DnsMessage, timeoutMs = 2000): Promise<DnsMessage> {
  const id = newId();
  const query = packet.encode({ ...message, id });
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(net.isIPv6(server.host) ? 'udp6' : 'udp4');
    const timer = setTimeout(
      () => finish(new Error(`no answer from ${server.host}:${server.port} in ${timeoutMs} ms`)),
      timeoutMs,
    );
    const finish = (error?: Error, reply?: DnsMessage) => {
      clearTimeout(timer);
      socket.close();
      if (error) reject(error);
      else resolve(reply!);
    };
    socket.on('error', (error) => finish(error));
    socket.on('message', (buffer) => {
      try {
        const reply = packet.decode(buffer) as DnsMessage;
        if (reply.id === id) finish(undefined, reply);
      } catch {
        // not a DNS message for us; keep waiting
      }
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

/** RFC 1996 NOTIFY for a zone; resolves when the server acknowledged it. */
export async function sendNotify(server: DnsServer, zone: string, timeoutMs?: number): Promise<void> {
  await exchange(
    server,
    {
      type: 'query',
      flags: NOTIFY_OPCODE_FLAGS | packet.AUTHORITATIVE_ANSWER,
      questions: [{ type: 'SOA', name: zone.replace(/\.$/, '') }],
    },
    timeoutMs,
  );
}
