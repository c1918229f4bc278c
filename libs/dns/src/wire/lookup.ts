import * as net from 'node:net';
import { DnsServer, exchangeBytes, newId } from './client';
import { transferredRdata } from './generic-rdata';
import { MessageRecord, expandedRdata, readMessage } from './message-reader';
import { MessageWriter } from './message-writer';
import { CLASS_IN, FLAG, rcodeName, typeCode, typeName } from './types';
import { WireName } from './wire-name';

/** One record of an answer, as the API writes records: owner absolute, rdata in presentation form. */
export interface LookupRecord {
  name: string;
  type: string;
  ttl: number;
  data: string;
}

/** What one server answered to one question. */
export interface LookupAnswer {
  rcode: string;
  authoritative: boolean;
  /** Whether the UDP answer was truncated, so that it was asked again over TCP. */
  overTcp: boolean;
  answers: LookupRecord[];
  authorities: LookupRecord[];
}

/** The EDNS payload size asked for (DNS flag day 2020's): larger answers come over TCP. */
const UDP_PAYLOAD = 1232;

/**
 * Asks `server` one question (`name`, `type`, class IN, no recursion) as `dig +norec` does: over UDP with
 * EDNS, and again over TCP when the answer comes back truncated. Rejects when the server does not answer
 * within `timeoutMs` (each transport), the type is unknown, or the answer does not parse.
 */
export async function lookup(
  server: DnsServer,
  name: string,
  type: string,
  timeoutMs = 2000,
): Promise<LookupAnswer> {
  const code = typeCode(type);
  if (code === undefined) throw new Error(`unknown record type ${type}`);
  const query = questionMessage(WireName.fromText(name), code);
  let reply = await exchangeBytes(server, query, timeoutMs);
  let overTcp = false;
  if (reply.readUInt16BE(2) & FLAG.TC) {
    reply = await exchangeOverTcp(server, query, timeoutMs);
    overTcp = true;
  }
  const message = readMessage(reply);
  const records = (section: MessageRecord[]) =>
    section.map((record) => ({
      name: `${record.name.key}.`,
      type: typeName(record.type),
      ttl: record.ttl,
      data: transferredRdata(typeName(record.type), expandedRdata(reply, record)),
    }));
  return {
    rcode: rcodeName(message.flags & 0x0f),
    authoritative: (message.flags & FLAG.AA) !== 0,
    overTcp,
    answers: records(message.answers),
    authorities: records(message.authorities),
  };
}

function questionMessage(name: WireName, type: number): Buffer {
  const writer = new MessageWriter(Buffer.alloc(512), 512);
  writer.question(name, type, CLASS_IN);
  writer.opt(UDP_PAYLOAD, 0, 0, 0);
  return writer.finish(newId(), 0);
}

/** One query over TCP (RFC 7766: two-octet length prefixes); resolves with the reply of the same id. */
function exchangeOverTcp(server: DnsServer, query: Buffer, timeoutMs: number): Promise<Buffer> {
  const id = query.readUInt16BE(0);
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, server.host);
    let received = Buffer.alloc(0);
    const finish = (error?: Error, reply?: Buffer) => {
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(reply!);
    };
    const timer = setTimeout(
      () => finish(new Error(`no answer from ${server.host}:${server.port} over TCP in ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.on('error', (error) => finish(error));
    socket.on('close', () => finish(new Error(`${server.host}:${server.port} closed the TCP connection`)));
    socket.on('connect', () => {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(query.length);
      socket.write(Buffer.concat([length, query]));
    });
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      while (received.length >= 2 && received.length >= 2 + received.readUInt16BE(0)) {
        const message = received.subarray(2, 2 + received.readUInt16BE(0));
        received = received.subarray(2 + message.length);
        if (message.length >= 12 && message.readUInt16BE(0) === id) return finish(undefined, message);
      }
    });
  });
}
