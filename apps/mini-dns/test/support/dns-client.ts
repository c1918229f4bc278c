import * as dgram from 'node:dgram';
import * as net from 'node:net';
import {
  CLASS_IN,
  EDNS_DO,
  FLAG,
  Message,
  MessageWriter,
  TYPE_CODES,
  WireName,
  readMessage,
} from '@zonewarden/dns';
import { PlannedQuery } from './query-plan';

export type FailureKind = 'silence' | 'wrong id' | 'malformed';

/** A server's answer, or why there is none. */
export type Reply =
  { message: Message; bytes: Buffer } | { failure: FailureKind; detail: string; bytes?: Buffer };

const HOST = '127.0.0.1';

/** The query's bytes, built with the repository's own message writer. */
export function queryMessage(query: PlannedQuery, id: number): Buffer {
  const writer = new MessageWriter(Buffer.alloc(512), 512);
  writer.question(query.name, query.type, CLASS_IN);
  if (query.edns) writer.opt(query.edns.payload, 0, query.edns.version, query.edns.dnssecOk ? EDNS_DO : 0);
  return writer.finish(id, (query.rd ? FLAG.RD : 0) | (query.cd ? FLAG.CD : 0));
}

/** Asks one server over UDP (one socket, answers matched by id) and TCP (a connection per query). */
export class DnsClient {
  private readonly socket = dgram.createSocket('udp4');
  private readonly waiting = new Map<number, (bytes: Buffer) => void>();
  private nextId = 1;

  constructor(
    readonly port: number,
    private readonly timeoutMs: number,
  ) {
    this.socket.on('message', (bytes) => {
      const answered = bytes.length >= 2 ? this.waiting.get(bytes.readUInt16BE(0)) : undefined;
      answered?.(bytes);
    });
  }

  /** The answer to `query`, asked again once if the first attempt got none. */
  async ask(query: PlannedQuery): Promise<Reply> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const id = this.newId();
      const sent = queryMessage(query, id);
      const bytes =
        query.transport === 'udp'
          ? await this.overUdp(id, sent)
          : (await this.overTcp(sent, this.timeoutMs))[0];
      if (bytes) return parsed(bytes, id);
    }
    return { failure: 'silence', detail: `no answer over ${query.transport} in 2 × ${this.timeoutMs} ms` };
  }

  /** AXFR over TCP: every message until the closing SOA (RFC 5936 §2.2). */
  async transfer(zone: string): Promise<Reply[]> {
    const id = this.newId();
    const query: PlannedQuery = {
      name: WireName.fromText(zone),
      type: TYPE_CODES.AXFR,
      transport: 'tcp',
      rd: false,
      cd: false,
      kind: 'apex',
    };
    let soas = 0;
    const messages = await this.overTcp(queryMessage(query, id), this.timeoutMs * 10, (bytes) => {
      const reply = parsed(bytes, id);
      if (!('message' in reply) || (reply.message.flags & 0x0f) !== 0) return true;
      soas += reply.message.answers.filter((record) => record.type === TYPE_CODES.SOA).length;
      return soas >= 2;
    });
    return messages.map((bytes) => parsed(bytes, id));
  }

  close(): void {
    this.socket.close();
  }

  private newId(): number {
    this.nextId = (this.nextId % 0xffff) + 1;
    return this.nextId;
  }

  private overUdp(id: number, sent: Buffer): Promise<Buffer | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(undefined), this.timeoutMs);
      const finish = (bytes: Buffer | undefined) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(bytes);
      };
      this.waiting.set(id, finish);
      this.socket.send(sent, this.port, HOST);
    });
  }

  /** Messages read until `done` says the last one ends the exchange; what came when time ran out. */
  private overTcp(sent: Buffer, timeoutMs: number, done = (_bytes: Buffer) => true): Promise<Buffer[]> {
    return new Promise((resolve) => {
      const messages: Buffer[] = [];
      let buffered = Buffer.alloc(0);
      const socket = net.connect(this.port, HOST);
      const finish = () => {
        clearTimeout(timer);
        socket.destroy();
        resolve(messages);
      };
      const timer = setTimeout(finish, timeoutMs);
      socket.on('connect', () => socket.write(Buffer.concat([u16(sent.length), sent])));
      socket.on('data', (chunk) => {
        buffered = Buffer.concat([buffered, chunk]);
        while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
          const message = buffered.subarray(2, 2 + buffered.readUInt16BE(0));
          buffered = buffered.subarray(2 + message.length);
          messages.push(message);
          if (done(message)) return finish();
        }
      });
      socket.on('error', finish);
      socket.on('close', finish);
    });
  }
}

function u16(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
}

function parsed(bytes: Buffer, id: number): Reply {
  try {
    const message = readMessage(bytes);
    if (message.id !== id) return { failure: 'wrong id', detail: `id ${message.id}, not ${id}`, bytes };
    return { message, bytes };
  } catch (error) {
    return { failure: 'malformed', detail: (error as Error).message, bytes };
  }
}
