import * as dgram from 'node:dgram';
import { FuzzPacket, expectsAnswer } from './fuzz-packets';
import {
  Finding,
  QueryFacts,
  SILENT_ID_BIT,
  finding,
  queryFacts,
  rcodeLabel,
  replyProblems,
  stampId,
} from './fuzz-findings';
import { Tally } from './fuzz-report';
import { soaQuery } from './fuzz-probe';

const HOST = '127.0.0.1';
/** Packets sent before waiting: small enough for the server's socket buffer (208 KiB) to take them all. */
const CHUNK = 50;
/** How long a chunk's answers may take. */
const CHUNK_TIMEOUT_MS = 1000;
/** Chunks in a row without a single answer before a lane gives up: the server has stopped answering. */
const MAX_SILENT_CHUNKS = 5;
/** Sent packets remembered to attribute late replies to (ids come round again after 32,768). */
const REMEMBERED = 8192;

interface Sent {
  packet: FuzzPacket;
  chunk: number;
  mustAnswer: boolean;
  facts: QueryFacts;
  answered: boolean;
}

export interface UdpResult {
  findings: Finding[];
  /** Queries that had no answer in time (datagrams may be dropped under load: asked again later). */
  unanswered: FuzzPacket[];
  replies: number;
  rcodes: Tally;
  gaveUp: boolean;
}

/**
 * One UDP socket sending chunks of packets, each followed by a plain SOA query (the sentinel): once its
 * answer is in, the server has read the whole chunk, which paces the sending. Every packet that must be
 * answered gets its own id, and packets that must not get ids with SILENT_ID_BIT, so that every reply can
 * be attributed to what it answers.
 */
class UdpLane {
  private readonly socket = dgram.createSocket('udp4');
  private readonly sent = new Map<number, Sent>();
  private sequence = 0;
  private chunk = 0;
  private waiting = 0;
  /** Whether any reply to the current chunk came. */
  private heard = false;
  private chunkDone?: () => void;
  /** Packets of the current chunk that must be answered, then those of earlier chunks left unanswered. */
  private current: Sent[] = [];
  private late: Sent[] = [];
  readonly result: UdpResult = {
    findings: [],
    unanswered: [],
    replies: 0,
    rcodes: new Tally(),
    gaveUp: false,
  };

  constructor(private readonly port: number) {
    this.socket.on('message', (reply) => this.onReply(reply));
    // Sending to a server that is gone must not crash the test: the health checks report it.
    this.socket.on('error', () => undefined);
  }

  async run(packets: FuzzPacket[], giveUp = true): Promise<void> {
    let silentChunks = 0;
    for (let at = 0; at < packets.length && !this.result.gaveUp; at += CHUNK) {
      await this.sendChunk(packets.slice(at, at + CHUNK));
      silentChunks = this.heard ? 0 : silentChunks + 1;
      if (giveUp && silentChunks >= MAX_SILENT_CHUNKS) this.result.gaveUp = true;
    }
    // Late answers still count: only what stays unanswered is reported.
    await new Promise((resolve) => setTimeout(resolve, 100));
    this.result.unanswered = this.late
      .filter((s) => !s.answered && s.packet.kind !== 'sentinel')
      .map((s) => s.packet);
  }

  close(): void {
    this.socket.close();
  }

  /** Sends a chunk, then waits until every packet of it that must be answered was, or CHUNK_TIMEOUT_MS. */
  private async sendChunk(chunk: FuzzPacket[]): Promise<void> {
    const sentinel: FuzzPacket = { kind: 'sentinel', bytes: soaQuery('fuzz.test.', 0) };
    this.chunk++;
    this.waiting = 0;
    this.heard = false;
    const done = new Promise<void>((resolve) => (this.chunkDone = resolve));
    for (const packet of [...chunk, sentinel]) this.send(packet);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, CHUNK_TIMEOUT_MS)));
    await Promise.race([done, timedOut]);
    clearTimeout(timer);
    this.late.push(...this.current.filter((s) => !s.answered));
    this.current = [];
  }

  private send(packet: FuzzPacket): void {
    const mustAnswer = expectsAnswer(packet.bytes);
    const id = stampId(packet, this.sequence++, mustAnswer);
    const sent: Sent = {
      packet,
      chunk: this.chunk,
      mustAnswer,
      facts: queryFacts(packet.bytes),
      answered: false,
    };
    if (packet.bytes.length >= 2) this.remember(id, sent);
    if (mustAnswer) {
      this.waiting++;
      this.current.push(sent);
    }
    this.socket.send(packet.bytes, this.port, HOST);
  }

  private remember(id: number, sent: Sent): void {
    this.sent.delete(id);
    this.sent.set(id, sent);
    if (this.sent.size > REMEMBERED) this.sent.delete(this.sent.keys().next().value!);
  }

  private onReply(reply: Buffer): void {
    this.result.replies++;
    this.result.rcodes.add(rcodeLabel(reply));
    const sent = reply.length >= 2 ? this.sent.get(reply.readUInt16BE(0)) : undefined;
    const unknown: FuzzPacket = { kind: 'unknown', bytes: Buffer.alloc(0) };
    if (!sent) {
      const property =
        reply.length >= 2 && reply.readUInt16BE(0) & SILENT_ID_BIT
          ? 'a reply to a packet that must not be answered (QR set or under 12 octets)'
          : 'a reply whose id no query carried';
      this.result.findings.push(finding(property, 'udp', unknown, reply));
      return;
    }
    const problems = this.check(sent, reply);
    this.result.findings.push(...problems.map((property) => finding(property, 'udp', sent.packet, reply)));
    if (!sent.mustAnswer || sent.answered) return;
    sent.answered = true;
    if (sent.chunk === this.chunk) this.heard = true;
    // A late answer to an earlier chunk does not count for the one being waited for.
    if (sent.chunk === this.chunk && --this.waiting === 0) this.chunkDone?.();
  }

  private check(sent: Sent, reply: Buffer): string[] {
    if (!sent.mustAnswer)
      return ['a reply to a packet that must not be answered (QR set or under 12 octets)'];
    const problems: string[] = [];
    if (sent.answered) problems.push('two replies to one UDP query');
    const limit = sent.facts.udpLimit;
    if (reply.length > limit)
      problems.push(`a UDP reply of ${reply.length} octets over the limit of ${limit}`);
    return [...problems, ...replyProblems(reply, sent.facts)];
  }
}

/** Sends `packets` over `lanes` sockets at once; every reply checked. */
export async function fuzzUdp(port: number, packets: FuzzPacket[], lanes: number): Promise<UdpResult> {
  const workers = Array.from({ length: lanes }, () => new UdpLane(port));
  const share = Math.ceil(packets.length / lanes);
  try {
    await Promise.all(workers.map((lane, i) => lane.run(packets.slice(i * share, (i + 1) * share))));
  } finally {
    for (const lane of workers) lane.close();
  }
  return {
    findings: workers.flatMap((lane) => lane.result.findings),
    unanswered: workers.flatMap((lane) => lane.result.unanswered),
    replies: workers.reduce((sum, lane) => sum + lane.result.replies, 0),
    rcodes: Tally.sum(workers.map((lane) => lane.result.rcodes)),
    gaveUp: workers.some((lane) => lane.result.gaveUp),
  };
}

/**
 * Asks the packets again, on one socket with nothing else going on: the ones answered now were lost to load
 * before (datagrams are dropped when a socket buffer is full); the ones returned the server never answers.
 */
export async function askAgain(port: number, packets: FuzzPacket[]): Promise<UdpResult> {
  const lane = new UdpLane(port);
  try {
    await lane.run(
      packets.map((packet) => ({ ...packet, bytes: Buffer.from(packet.bytes) })),
      false,
    );
  } finally {
    lane.close();
  }
  return lane.result;
}
