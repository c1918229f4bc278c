import * as dgram from 'node:dgram';
import * as net from 'node:net';
import {
  FLAG,
  MessageWriter,
  RCODE,
  TYPE_CODES,
  WireName,
  CLASS_IN,
  expandedRdata,
  readMessage,
  readName,
} from '@zonewarden/dns';

const HOST = '127.0.0.1';

export type ProbeResult = { serial: number } | { problem: string };

/** A plain SOA query (no EDNS, RD clear) with `id`. */
export function soaQuery(zone: string, id: number): Buffer {
  const writer = new MessageWriter(Buffer.alloc(512), 512);
  writer.question(WireName.fromText(zone), TYPE_CODES.SOA, CLASS_IN);
  return writer.finish(id, 0);
}

/** The serial of a correct answer (NOERROR, AA, the SOA in the answer section), or what is wrong with it. */
function judge(reply: Buffer, id: number): ProbeResult {
  let message;
  try {
    message = readMessage(reply);
  } catch (error) {
    return { problem: `the reply does not parse (${(error as Error).message}): ${reply.toString('hex')}` };
  }
  if (message.id !== id) return { problem: `reply id ${message.id}, asked with ${id}` };
  const rcode = message.flags & 0x0f;
  if (rcode !== RCODE.NOERROR) return { problem: `rcode ${rcode}` };
  if (!(message.flags & FLAG.AA)) return { problem: 'AA is not set' };
  const soa = message.answers.find((record) => record.type === TYPE_CODES.SOA);
  if (!soa) return { problem: 'no SOA in the answer section' };
  // The serial follows the two names (MNAME, RNAME), expanded here from their compression pointers.
  const rdata = expandedRdata(reply, soa);
  const afterMname = readName(rdata, 0).next;
  return { serial: rdata.readUInt32BE(readName(rdata, afterMname).next) };
}

/** Asks for `zone`'s SOA over `transport`; never rejects, a timeout or a wrong answer is the result. */
export function soaProbe(
  port: number,
  transport: 'udp' | 'tcp',
  zone: string,
  timeoutMs: number,
): Promise<ProbeResult> {
  const id = Math.floor(Math.random() * 0x10000);
  const query = soaQuery(zone, id);
  const exchange = transport === 'udp' ? overUdp(port, query) : overTcp(port, query);
  return withTimeout(exchange.promise, timeoutMs, exchange.cancel).then(
    (reply) => (reply ? judge(reply, id) : { problem: `no ${transport} answer in ${timeoutMs} ms` }),
    (error: Error) => ({ problem: `${transport}: ${error.message}` }),
  );
}

/** One message's answer over `transport`, or undefined when none comes within `timeoutMs` (or the connection fails). */
export function exchangeRaw(
  port: number,
  transport: 'udp' | 'tcp',
  message: Buffer,
  timeoutMs: number,
): Promise<Buffer | undefined> {
  const exchange = transport === 'udp' ? overUdp(port, message) : overTcp(port, message);
  return withTimeout(exchange.promise, timeoutMs, exchange.cancel).catch(() => undefined);
}

interface Exchange {
  promise: Promise<Buffer>;
  cancel: () => void;
}

function overUdp(port: number, query: Buffer): Exchange {
  const socket = dgram.createSocket('udp4');
  let open = true;
  const close = () => {
    if (open) socket.close();
    open = false;
  };
  const promise = new Promise<Buffer>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('message', (reply) => {
      if (reply.length >= 2 && reply.readUInt16BE(0) === query.readUInt16BE(0)) resolve(reply);
    });
    socket.send(query, port, HOST);
  }).finally(close);
  return { promise, cancel: close };
}

function overTcp(port: number, query: Buffer): Exchange {
  const socket = net.connect(port, HOST);
  const promise = new Promise<Buffer>((resolve, reject) => {
    let received = Buffer.alloc(0);
    socket.on('error', reject);
    socket.on('close', () => reject(new Error('closed before a whole answer')));
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length >= 2 && received.length >= 2 + received.readUInt16BE(0))
        resolve(received.subarray(2, 2 + received.readUInt16BE(0)));
    });
    const framed = Buffer.alloc(2 + query.length);
    framed.writeUInt16BE(query.length, 0);
    query.copy(framed, 2);
    socket.write(framed);
  }).finally(() => socket.destroy());
  return { promise, cancel: () => socket.destroy() };
}

/** `promise`, or undefined after `ms` (then `cancel` frees what it holds). */
function withTimeout<T>(promise: Promise<T>, ms: number, cancel: () => void): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      cancel();
      resolve(undefined);
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
