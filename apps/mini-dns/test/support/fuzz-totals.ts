import { Finding } from './fuzz-findings';
import { FuzzPacket } from './fuzz-packets';
import { Tally, packetsReport } from './fuzz-report';
import { FloodResult, TcpResult } from './fuzz-tcp';
import { UdpResult } from './fuzz-udp';

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

/** What every batch of the robustness test sent and got, summed up, for its checks and its summary. */
export class FuzzTotals {
  readonly udpKinds = new Tally();
  readonly tcpKinds = new Tally();
  readonly udpRcodes = new Tally();
  readonly tcpRcodes = new Tally();
  readonly findings: Finding[] = [];
  readonly udpUnanswered: FuzzPacket[] = [];
  readonly tcpUnanswered: FuzzPacket[] = [];
  /** UDP queries that stayed unanswered when asked again alone. */
  udpNeverAnswered: FuzzPacket[] = [];
  flood?: FloodResult;
  tcpMessages = 0;
  halfCloseLosses = 0;

  addUdp(packets: readonly FuzzPacket[], result: UdpResult): void {
    this.udpKinds.addPackets(packets);
    this.udpRcodes.merge(result.rcodes);
    this.findings.push(...result.findings);
    this.udpUnanswered.push(...result.unanswered);
  }

  addTcp(result: TcpResult): void {
    this.tcpKinds.merge(result.byKind);
    this.tcpRcodes.merge(result.rcodes);
    this.findings.push(...result.findings);
    this.tcpUnanswered.push(...result.unanswered);
    this.tcpMessages += result.messages;
    this.halfCloseLosses += result.halfCloseLosses;
  }

  summary(seed: number, seconds: number, memory: { before: number; after: number }): string {
    return [
      `robustness, seed ${seed}, ${seconds.toFixed(1)} s`,
      `UDP packets ${this.udpKinds.total}: ${this.udpKinds.text()}`,
      `TCP connections ${this.tcpKinds.total} carrying ${this.tcpMessages} messages: ${this.tcpKinds.text()}`,
      `UDP replies by rcode: ${this.udpRcodes.text()}`,
      `TCP replies by rcode: ${this.tcpRcodes.text()}`,
      `UDP queries unanswered under load ${this.udpUnanswered.length}, ` +
        `of them unanswered when asked alone ${this.udpNeverAnswered.length}`,
      packetsReport(this.udpNeverAnswered),
      `TCP queries unanswered on an open connection ${this.tcpUnanswered.length}`,
      packetsReport(this.tcpUnanswered),
      `half-closed TCP connections missing answers ${this.halfCloseLosses}`,
      this.flood
        ? `TCP flood: ${this.flood.connections} connections at once, ${this.flood.closedByServer} ` +
          `closed by the server, ${this.flood.unanswered} of the others unanswered`
        : '',
      `resident memory ${mib(memory.before)} MiB before, ${mib(memory.after)} MiB after`,
    ]
      .filter((line) => line !== '')
      .join('\n');
  }
}
