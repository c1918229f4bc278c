import * as net from 'node:net';
import { TYPE_CODES } from '@zonewarden/dns';
import { FuzzPacket, PacketSource, expectsAnswer } from './fuzz-packets';
import { SeededRandom } from './seeded-random';
import {
  Finding,
  QueryFacts,
  finding,
  queryFacts,
  rcodeLabel,
  replyProblems,
  stampId,
} from './fuzz-findings';
import { Tally } from './fuzz-report';
import { soaQuery } from './fuzz-probe';

const HOST = '127.0.0.1';
/** How long a connection waits for the answers it expects, or for the server to close it. */
const ANSWER_TIMEOUT_MS = 2000;
/** How long a connection that expects nothing in particular stays open before the client closes it. */
const LINGER_MS = 50;

/**
 * How a connection ends: `wait` for every answer and then close; `half-close` after writing (FIN) and
 * wait for the server to close; `close` after a short linger; `stall` stops reading (and then closes).
 */
type Ending = 'wait' | 'half-close' | 'close' | 'stall';

/** One TCP connection of the test: the bytes it writes, in which pieces, and which answers it expects. */
export interface TcpScenario {
  kind: string;
  writes: Buffer[];
  ending: Ending;
  /** DNS messages the server reads from the stream, for the counts. */
  messages: number;
  /** Packets by id when every reply can be attributed (the stream is well framed); else undefined. */
  packets?: Map<number, Sent>;
}

/** A message of a well-framed stream, by its id. */
interface Sent {
  packet: FuzzPacket;
  mustAnswer: boolean;
  facts: QueryFacts;
  /** Its place in the stream, to check that answers come in order. */
  index: number;
}

export interface TcpResult {
  findings: Finding[];
  /** Queries that got no answer while their connection stayed open (kind: `scenario/packet`). */
  unanswered: FuzzPacket[];
  /** Half-closed connections whose answers did not all come (the server closing on the client's FIN). */
  halfCloseLosses: number;
  messages: number;
  replies: number;
  rcodes: Tally;
  byKind: Tally;
}

export function framed(message: Buffer, length = message.length): Buffer {
  return Buffer.concat([Buffer.from([(length >> 8) & 0xff, length & 0xff]), message]);
}

/** `bytes` cut into `pieces` writes at random places. */
function split(r: SeededRandom, bytes: Buffer, pieces: number): Buffer[] {
  const cuts = Array.from({ length: pieces - 1 }, () => r.int(0, bytes.length)).sort((a, b) => a - b);
  return [0, ...cuts].map((from, i) => bytes.subarray(from, [...cuts, bytes.length][i]));
}

/**
 * Builds the test's TCP connections from the same packet source as UDP: pipelined messages (the ids
 * stamped so that each reply is attributed), unframed garbage, lengths that lie either way, zero-length
 * frames, half messages, a byte at a time, idle connections, transfers whose client stops reading.
 */
export class ScenarioSource {
  private readonly r: SeededRandom;
  private sequence = 0;

  constructor(
    seed: number,
    private readonly packets: PacketSource,
  ) {
    this.r = new SeededRandom(seed);
  }

  take(count: number): TcpScenario[] {
    return Array.from({ length: count }, () => this.next());
  }

  next(): TcpScenario {
    const r = this.r;
    const kind = r.weighted<string>([
      ['pipelined', 40],
      ['half-close', 8],
      ['byte-by-byte', 4],
      ['unframed', 10],
      ['length-too-long', 6],
      ['length-too-short', 6],
      ['zero-length', 6],
      ['half-message', 6],
      ['idle', 3],
      ['stalled-reader', 2],
      ['transfer', 4],
      ['large-frame', 3],
    ]);
    switch (kind) {
      case 'pipelined':
      case 'half-close':
        return this.pipelined(kind, r.int(1, 30), kind === 'half-close' ? 'half-close' : 'wait');
      case 'byte-by-byte': {
        const scenario = this.pipelined(kind, 1, 'wait');
        scenario.writes = [...Buffer.concat(scenario.writes)].map((byte) => Buffer.from([byte]));
        return scenario;
      }
      case 'large-frame':
        return this.attributed(
          kind,
          Array.from({ length: r.int(1, 3) }, () => this.packets.make('large')),
          'wait',
        );
      case 'transfer':
        return this.attributed(kind, [this.transferQuery(), this.transferQuery()], 'wait');
      case 'stalled-reader':
        return this.attributed(
          kind,
          Array.from({ length: 80 }, () => this.transferQuery()),
          'stall',
        );
      default:
        return this.unattributed(kind);
    }
  }

  private transferQuery(): FuzzPacket {
    const bytes = soaQuery('fuzz.test.', 0);
    bytes.writeUInt16BE(this.r.pick([TYPE_CODES.AXFR, TYPE_CODES.ANY, TYPE_CODES.TXT]), bytes.length - 4);
    return { kind: 'transfer', bytes };
  }

  /** Packets from the source, framed and written in a few pieces; the zero-length ones left out. */
  private pipelined(kind: string, count: number, ending: Ending): TcpScenario {
    const packets = this.packets.take(count).filter((packet) => packet.bytes.length > 0);
    return this.attributed(kind, packets, ending);
  }

  /**
   * Packets with ids stamped, framed. A connection that waits for its answers ends with a plain SOA query
   * (the sentinel): answers come in order, so any answer to a packet before it has come once its own has.
   */
  private attributed(kind: string, fuzz: FuzzPacket[], ending: Ending): TcpScenario {
    const byId = new Map<number, Sent>();
    const sentinel = { kind: 'sentinel', bytes: soaQuery('fuzz.test.', 0) };
    const packets = ending === 'wait' || ending === 'half-close' ? [...fuzz, sentinel] : fuzz;
    packets.forEach((packet, index) => {
      const mustAnswer = expectsAnswer(packet.bytes);
      const id = stampId(packet, this.sequence++, mustAnswer);
      byId.set(id, { packet, mustAnswer, index, facts: queryFacts(packet.bytes) });
    });
    const stream = Buffer.concat(packets.map((packet) => framed(packet.bytes)));
    return {
      kind,
      writes: split(this.r, stream, this.r.int(1, 5)),
      ending,
      messages: fuzz.length,
      packets: byId,
    };
  }

  /** Streams that are not (only) well framed: the server finds what it finds in them. */
  private unattributed(kind: string): TcpScenario {
    const r = this.r;
    const query = () => framed(this.packets.next().bytes);
    const close = (writes: Buffer[], messages: number, ending: Ending = 'close'): TcpScenario => ({
      kind,
      writes,
      ending,
      messages,
    });
    switch (kind) {
      case 'unframed':
        return close(split(r, r.bytes(r.int(1, 2000)), r.int(1, 3)), 1);
      case 'length-too-long': {
        const message = this.packets.next().bytes;
        return close([framed(message, message.length + r.int(1, 0xffff - message.length))], 1);
      }
      case 'length-too-short': {
        const message = Buffer.concat([this.packets.next().bytes, query(), query()]);
        return close([framed(message, r.int(1, Math.max(1, message.length - 1)))], 3);
      }
      case 'zero-length':
        return close([Buffer.concat([query(), Buffer.from([0, 0]), query()])], 3, 'half-close');
      case 'half-message': {
        const message = query();
        return close(
          [message.subarray(0, r.int(1, message.length - 1))],
          1,
          r.pick<Ending>(['close', 'half-close']),
        );
      }
      default:
        return close([], 0);
    }
  }
}

/** How long a connection stays open once written, unless its answers are all in or the server closes it. */
const OPEN_AFTER_WRITING_MS: Record<Ending, number> = {
  wait: ANSWER_TIMEOUT_MS,
  'half-close': ANSWER_TIMEOUT_MS,
  close: LINGER_MS,
  stall: LINGER_MS * 4,
};

/** One connection of a scenario: writes it, reads the framed replies and checks each. */
class Connection {
  private readonly socket: net.Socket;
  private readonly answered = new Set<number>();
  private readonly mustAnswer: number[];
  private received = Buffer.alloc(0);
  private lastIndex = -1;
  private timer?: NodeJS.Timeout;
  private finished = false;
  readonly done: Promise<void>;
  private resolve!: () => void;

  constructor(
    port: number,
    private readonly scenario: TcpScenario,
    private readonly result: TcpResult,
  ) {
    this.done = new Promise((resolve) => (this.resolve = resolve));
    this.mustAnswer = [...(scenario.packets ?? [])].filter(([, sent]) => sent.mustAnswer).map(([id]) => id);
    this.socket = net.connect(port, HOST);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk) => this.onData(chunk));
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => this.finish());
    this.socket.on('connect', () => void this.write().then(() => this.written()));
  }

  /** Each piece in its own turn of the event loop, so that the server reads them apart. */
  private async write(): Promise<void> {
    for (const piece of this.scenario.writes) {
      if (this.socket.destroyed) return;
      this.socket.write(piece);
      if (this.scenario.writes.length > 1) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private written(): void {
    // The server may have closed the connection while the pieces were being written.
    if (this.finished) return;
    if (this.scenario.ending === 'stall') this.socket.pause();
    if (this.scenario.ending === 'half-close') this.socket.end();
    this.timer = setTimeout(() => this.finish(), OPEN_AFTER_WRITING_MS[this.scenario.ending]);
  }

  private onData(chunk: Buffer): void {
    this.received = Buffer.concat([this.received, chunk]);
    while (this.received.length >= 2 && this.received.length >= 2 + this.received.readUInt16BE(0)) {
      const length = this.received.readUInt16BE(0);
      this.onReply(this.received.subarray(2, 2 + length));
      this.received = this.received.subarray(2 + length);
    }
  }

  private onReply(reply: Buffer): void {
    this.result.replies++;
    this.result.rcodes.add(rcodeLabel(reply));
    const id = reply.length >= 2 ? reply.readUInt16BE(0) : -1;
    const sent = this.scenario.packets?.get(id);
    const packet = sent?.packet ?? { kind: this.scenario.kind, bytes: Buffer.concat(this.scenario.writes) };
    for (const problem of this.problems(reply, sent))
      this.result.findings.push(finding(problem, 'tcp', packet, reply));
    if (sent?.mustAnswer) {
      this.lastIndex = sent.index;
      this.answered.add(id);
    }
    if (this.scenario.ending === 'wait' && this.mustAnswer.every((must) => this.answered.has(must)))
      this.finish();
  }

  private problems(reply: Buffer, sent: Sent | undefined): string[] {
    // In a stream that is not well framed, what the server reads cannot be known: only the reply is checked.
    if (!this.scenario.packets) return replyProblems(reply);
    if (!sent) return ['a reply whose id no query carried'];
    if (!sent.mustAnswer)
      return ['a reply to a packet that must not be answered (QR set or under 12 octets)'];
    const first = !this.answered.has(reply.readUInt16BE(0));
    const problems = replyProblems(reply, sent.facts, first);
    // mini-dns answers the queries of one connection in order (RFC 7766 §6.2.1.1 allows either).
    if (sent.index < this.lastIndex) problems.push('answers out of order on one connection');
    return problems;
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    clearTimeout(this.timer);
    this.socket.destroy();
    const missing = this.mustAnswer.filter((id) => !this.answered.has(id));
    if (this.scenario.ending === 'wait')
      this.result.unanswered.push(
        ...missing.map((id) => {
          const { packet } = this.scenario.packets!.get(id)!;
          return { kind: `${this.scenario.kind}/${packet.kind}`, bytes: packet.bytes };
        }),
      );
    if (this.scenario.ending === 'half-close' && missing.length) this.result.halfCloseLosses++;
    this.resolve();
  }
}

/** Runs the scenarios, `concurrency` connections at a time; every reply checked. */
export async function fuzzTcp(
  port: number,
  scenarios: TcpScenario[],
  concurrency: number,
): Promise<TcpResult> {
  const result: TcpResult = {
    findings: [],
    unanswered: [],
    halfCloseLosses: 0,
    messages: 0,
    replies: 0,
    rcodes: new Tally(),
    byKind: new Tally(),
  };
  let next = 0;
  const worker = async () => {
    while (next < scenarios.length) {
      const scenario = scenarios[next++];
      result.messages += scenario.messages;
      result.byKind.add(scenario.kind);
      await new Connection(port, scenario, result).done;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, scenarios.length) }, worker));
  return result;
}

export interface FloodResult {
  connections: number;
  /** Connections the server closed (those over its limit of connections, MAX_TCP_CONNECTIONS). */
  closedByServer: number;
  /** Connections the server kept open but did not answer a query on. */
  unanswered: number;
}

type FloodOutcome = 'answered' | 'closed' | 'unanswered';

/**
 * `count` connections at once, more than the server serves: it may close the ones over its limit, and
 * must answer a query on every one it keeps open.
 */
export async function tcpFlood(port: number, count: number): Promise<FloodResult> {
  const sockets = await Promise.all(Array.from({ length: count }, () => connected(port)));
  try {
    // Time for the server to close the connections over its limit before they ask anything.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const outcomes = await Promise.all(sockets.map((socket, i) => askOn(socket, i)));
    return {
      connections: count,
      closedByServer: outcomes.filter((outcome) => outcome === 'closed').length,
      unanswered: outcomes.filter((outcome) => outcome === 'unanswered').length,
    };
  } finally {
    for (const socket of sockets) socket.destroy();
  }
}

/** A connection, once established or refused. */
function connected(port: number): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect(port, HOST);
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve(socket));
    socket.once('close', () => resolve(socket));
    // Read, so that the server closing the connection shows (as readableEnded).
    socket.resume();
  });
}

/** Asks a plain SOA query on `socket` (with `id`), unless the server closed it; waits ANSWER_TIMEOUT_MS. */
function askOn(socket: net.Socket, id: number): Promise<FloodOutcome> {
  if (socket.readableEnded || socket.destroyed) return Promise.resolve('closed');
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('unanswered'), ANSWER_TIMEOUT_MS);
    const done = (outcome: FloodOutcome) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    socket.on('data', (chunk: Buffer) => {
      if (chunk.length >= 4 && chunk.readUInt16BE(2) === id) done('answered');
    });
    socket.once('end', () => done('closed'));
    socket.once('close', () => done('closed'));
    socket.write(framed(soaQuery('fuzz.test.', id)));
  });
}
