import * as dgram from 'node:dgram';
import * as net from 'node:net';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import * as packet from 'dns-packet';
import { Counter } from 'prom-client';
import type { Answer } from 'dns-packet';
import { DnsMessage, DnsRecord, asAnswers } from '@zonewarden/dns';
import { serviceRegistry } from '@zonewarden/messaging';
import { MiniDnsConfig } from './mini-dns.config';
import { resolve } from './resolver';
import { ZoneCache } from './zone-cache.service';

const RCODES: Record<string, number> = {
  NOERROR: 0,
  FORMERR: 1,
  SERVFAIL: 2,
  NXDOMAIN: 3,
  NOTIMP: 4,
  REFUSED: 5,
};
const RCODE_NAMES = Object.fromEntries(Object.entries(RCODES).map(([name, code]) => [code, name]));
const OPCODE_QUERY = 'QUERY';
/** Our EDNS0 UDP payload size (the 2020 DNS flag day value). */
const EDNS_UDP_SIZE = 1232;
const PLAIN_UDP_SIZE = 512;
/** Records per message in a zone transfer. */
const TRANSFER_CHUNK = 500;

type Transport = 'udp' | 'tcp';

/** Answers sent; NONE counts messages too broken to answer. */
const dnsResponses = new Counter({
  name: 'zonewarden_dns_responses_total',
  help: 'DNS answers of mini-dns by transport and response code',
  labelNames: ['transport', 'rcode'],
  registers: [serviceRegistry],
});

interface Reply {
  messages: Buffer[];
}

/** The authoritative DNS server: UDP and TCP on MINIDNS_HOST:MINIDNS_PORT, answers from ZoneCache. */
@Injectable()
export class DnsServer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DnsServer.name);
  private udp?: dgram.Socket;
  private tcp?: net.Server;
  private readonly connections = new Set<net.Socket>();

  constructor(
    private readonly cache: ZoneCache,
    private readonly config: MiniDnsConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { MINIDNS_LISTEN_HOST, MINIDNS_HOST, MINIDNS_PORT: port } = this.config;
    const host = MINIDNS_LISTEN_HOST ?? MINIDNS_HOST;
    this.udp = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    this.udp.on('message', (message, remote) => void this.onUdp(message, remote));
    this.udp.on('error', (error) => this.logger.error(`udp: ${error.message}`));
    await new Promise<void>((resolve, reject) => {
      this.udp!.once('error', reject);
      this.udp!.bind(port, host, () => resolve());
    });
    this.tcp = net.createServer((socket) => this.onTcp(socket));
    await new Promise<void>((resolve, reject) => {
      this.tcp!.once('error', reject);
      this.tcp!.listen(port, host, () => resolve());
    });
    this.logger.log(`serving DNS on ${host}:${port} (udp, tcp)`);
  }

  /** Stops answering before storage closes. */
  async beforeApplicationShutdown(): Promise<void> {
    this.udp?.close();
    for (const socket of this.connections) socket.destroy();
    await new Promise((resolve) => (this.tcp ? this.tcp.close(resolve) : resolve(undefined)));
  }

  private async onUdp(message: Buffer, remote: dgram.RemoteInfo): Promise<void> {
    const reply = await this.serve(message, 'udp');
    for (const buffer of reply.messages) this.udp?.send(buffer, remote.port, remote.address);
  }

  private onTcp(socket: net.Socket): void {
    this.connections.add(socket);
    socket.setNoDelay(true);
    socket.setTimeout(30_000, () => socket.destroy());
    socket.on('close', () => this.connections.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffered = Buffer.alloc(0);
    let chain = Promise.resolve();
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        const message = buffered.subarray(2, 2 + buffered.readUInt16BE(0));
        buffered = buffered.subarray(2 + message.length);
        chain = chain.then(async () => {
          const reply = await this.serve(message, 'tcp');
          for (const buffer of reply.messages) {
            const length = Buffer.alloc(2);
            length.writeUInt16BE(buffer.length);
            socket.write(Buffer.concat([length, buffer]));
          }
        });
      }
    });
  }

  /** Answers one DNS message and counts the answer by transport and response code (OPS_PORT /metrics). */
  private async serve(raw: Buffer, transport: Transport): Promise<Reply> {
    const reply = await this.handle(raw, transport);
    const first = reply.messages[0];
    dnsResponses.inc({ transport, rcode: first ? (RCODE_NAMES[first[3] & 0x0f] ?? 'OTHER') : 'NONE' });
    return reply;
  }

  /** Answers one DNS message; never throws (a malformed query gets FORMERR, or nothing when unreadable). */
  async handle(raw: Buffer, transport: Transport): Promise<Reply> {
    let query: DnsMessage;
    try {
      query = packet.decode(raw) as DnsMessage;
    } catch {
      return raw.length >= 12
        ? { messages: [this.header(raw.readUInt16BE(0), 0, RCODES.FORMERR)] }
        : { messages: [] };
    }
    if (query.type !== 'query') return { messages: [] };
    const edns = query.additionals?.find((record) => record.type === 'OPT') as
      { udpPayloadSize?: number } | undefined;
    const question = query.questions?.[0];
    const base = {
      id: query.id,
      type: 'response' as const,
      questions: question ? [question] : [],
      additionals: edns ? [this.opt()] : [],
    };
    const rd = (query.flags ?? 0) & packet.RECURSION_DESIRED;
    if (query.opcode !== OPCODE_QUERY)
      return this.single({ ...base, flags: rd | RCODES.NOTIMP }, transport, edns);
    if (!question || query.questions!.length !== 1)
      return this.single({ ...base, flags: rd | RCODES.FORMERR }, transport, edns);
    if (question.class && question.class !== 'IN' && question.class !== 'ANY') {
      return this.single({ ...base, flags: rd | RCODES.REFUSED }, transport, edns);
    }
    let zone;
    try {
      zone = await this.cache.zoneFor(question.name);
    } catch {
      return this.single({ ...base, flags: rd | RCODES.SERVFAIL }, transport, edns);
    }
    if (question.type === 'AXFR' || question.type === 'IXFR') {
      if (!zone) return this.single({ ...base, flags: rd | RCODES.REFUSED }, transport, edns);
      // A transfer runs over TCP; over UDP an IXFR is answered with the SOA alone (RFC 1995 §4).
      if (transport === 'udp') {
        const flags = rd | packet.AUTHORITATIVE_ANSWER | (question.type === 'IXFR' ? 0 : RCODES.REFUSED);
        return this.single(
          { ...base, flags, answers: question.type === 'IXFR' ? asAnswers([zone.soa]) : [] },
          transport,
          edns,
        );
      }
      return { messages: this.transfer(base, zone.all, zone.soa) };
    }
    const result = resolve(zone, question.name, question.type);
    const flags = rd | (result.authoritative ? packet.AUTHORITATIVE_ANSWER : 0) | RCODES[result.rcode];
    return this.single(
      {
        ...base,
        flags,
        answers: asAnswers(result.answers),
        authorities: asAnswers(result.authorities),
        additionals: [...asAnswers(result.additionals), ...base.additionals],
      },
      transport,
      edns,
    );
  }

  /** One response; over UDP it is truncated (TC, empty sections) when larger than the client accepts. */
  private single(response: DnsMessage, transport: Transport, edns?: { udpPayloadSize?: number }): Reply {
    const encoded = packet.encode(response);
    if (transport === 'tcp') return { messages: [encoded] };
    const limit = edns
      ? Math.max(PLAIN_UDP_SIZE, Math.min(edns.udpPayloadSize ?? PLAIN_UDP_SIZE, EDNS_UDP_SIZE))
      : PLAIN_UDP_SIZE;
    if (encoded.length <= limit) return { messages: [encoded] };
    const truncated: DnsMessage = {
      ...response,
      flags: (response.flags ?? 0) | packet.TRUNCATED_RESPONSE,
      answers: [],
      authorities: [],
      additionals: response.additionals?.filter((record) => record.type === 'OPT') ?? [],
    };
    return { messages: [packet.encode(truncated)] };
  }

  /** AXFR (RFC 5936): the SOA, every record, the SOA again, in as many messages as needed. */
  private transfer(base: DnsMessage, records: DnsRecord[], soa: DnsRecord): Buffer[] {
    const stream = [...records, soa];
    const messages: Buffer[] = [];
    for (let i = 0; i < stream.length; i += TRANSFER_CHUNK) {
      messages.push(
        packet.encode({
          ...base,
          questions: i === 0 ? base.questions : [],
          additionals: [],
          flags: packet.AUTHORITATIVE_ANSWER,
          answers: asAnswers(stream.slice(i, i + TRANSFER_CHUNK)),
        }),
      );
    }
    return messages;
  }

  private opt(): Answer {
    return {
      type: 'OPT',
      name: '.',
      udpPayloadSize: EDNS_UDP_SIZE,
      extendedRcode: 0,
      ednsVersion: 0,
      flags: 0,
      options: [],
    } as unknown as Answer;
  }

  private header(id: number, flags: number, rcode: number): Buffer {
    const header = Buffer.alloc(12);
    header.writeUInt16BE(id, 0);
    header.writeUInt16BE(0x8000 | flags | rcode, 2);
    return header;
  }
}
