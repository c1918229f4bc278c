import {
  AllInOne,
  ManagedProcess,
  TestDatabase,
  createTestDatabase,
  freePort,
  startAllInOne,
  ALL_IN_ONE_POOL_SIZE,
  teardown,
} from '@zonewarden/testing';
import { findingsReport, packetsReport } from './support/fuzz-report';
import { PacketSource } from './support/fuzz-packets';
import { soaProbe } from './support/fuzz-probe';
import { ScenarioSource, fuzzTcp, tcpFlood } from './support/fuzz-tcp';
import { FuzzTotals } from './support/fuzz-totals';
import { askAgain, fuzzUdp } from './support/fuzz-udp';
import { FUZZ_NAMES, ServedZone, importFuzzZones } from './support/fuzz-zones';

/** Another seed sends other packets: FUZZ_SEED=… npx jest test/robustness. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const BATCHES = 11;
const UDP_PER_BATCH = 10_000;
/** UDP sockets sending at once, each waiting for its chunk's answers before the next. */
const UDP_LANES = 2;
/** TCP connections per batch, some at a time, then a burst of many at once. */
const TCP_PER_BATCH = 150;
const TCP_CONCURRENCY = 16;
const TCP_BURST = 200;
/** Connections opened at once, past mini-dns's limit of 1,000 (MAX_TCP_CONNECTIONS). */
const TCP_FLOOD = 1100;
const HEALTH_TIMEOUT_MS = 1000;
const MEMORY_GROWTH_LIMIT = 200 * 2 ** 20;
/** UDP queries unanswered under load that are asked again, alone, at the end. */
const ASKED_AGAIN = 1000;
/** What a fault escaping the message parser looks like in mini-dns's log (Responder). */
const INTERNAL_ERROR = 'answering a query failed';
/** pino's error and fatal levels, as JsonLogger writes them. */
const ERROR_LINE = /"level":(50|60)\b/;

/** Resident memory of the process, from its ops endpoint (OPS_PORT), else the gateway's /metrics. */
async function residentMemory(urls: string[]): Promise<number> {
  for (const url of urls) {
    const text = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5000) }).then(
      (response) => response.text(),
      () => '',
    );
    const sample = /^zonewarden_\w*process_resident_memory_bytes (\d+)/m.exec(text);
    if (sample) return Number(sample[1]);
  }
  throw new Error(`no process_resident_memory_bytes at ${urls.join(' or ')}`);
}

/**
 * Fails unless the process runs and answers every zone's SOA correctly (NOERROR, AA, the zone's serial),
 * over UDP and over TCP, within a second.
 */
async function expectHealthy(app: ManagedProcess, port: number, zones: ServedZone[], when: string) {
  const problems = await Promise.all(
    zones.flatMap((zone) =>
      (['udp', 'tcp'] as const).map(async (transport) => {
        const result = await soaProbe(port, transport, zone.name, HEALTH_TIMEOUT_MS);
        if ('problem' in result) return `${zone.name} over ${transport}: ${result.problem}`;
        if (result.serial !== zone.serial)
          return `${zone.name} over ${transport}: serial ${result.serial}, not ${zone.serial}`;
        return '';
      }),
    ),
  );
  if (!app.running) problems.unshift(`the process exited (${app.child.exitCode ?? app.child.signalCode})`);
  const failed = problems.filter(Boolean);
  if (failed.length)
    throw new Error(`${when}:\n${failed.join('\n')}\n--- output ---\n${app.output.slice(-3000)}`);
}

/**
 * mini-dns, in the all-in-one process, under 110,000 random and mutated UDP packets and a few thousand
 * TCP connections that frame them well, badly or not at all: it keeps running and answering correctly,
 * logs no internal error, replies only to what it must and as it must (the query's id, opcode, RD and
 * question, within the UDP size limit), and its memory stays bounded.
 */
describe('mini-dns robustness', () => {
  let db: TestDatabase | undefined;
  let service: AllInOne | undefined;
  let zones: ServedZone[] = [];
  let metricsUrls: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const opsPort = await freePort();
    service = await startAllInOne(db.url, {
      OPS_PORT: String(opsPort),
      DATABASE_POOL_SIZE: ALL_IN_ONE_POOL_SIZE,
    });
    metricsUrls = [`http://127.0.0.1:${opsPort}`, service.api];
    const app = service.process;
    zones = await importFuzzZones(service.api, service.dnsPort).catch((error: Error) => {
      throw new Error(`${error.message}\n--- all-in-one output ---\n${app.output.slice(-3000)}`);
    });
  }, 90_000);

  afterAll(() =>
    teardown(
      () => service?.process.stop(),
      () => db?.drop(),
    ),
  );

  it('survives 110,000 malformed UDP packets and TCP streams, answering correctly throughout', async () => {
    const { process: app, dnsPort } = service!;
    const started = Date.now();
    const memoryBefore = await residentMemory(metricsUrls);
    const packets = new PacketSource(SEED, FUZZ_NAMES);
    const scenarios = new ScenarioSource(SEED + 1, new PacketSource(SEED + 2, FUZZ_NAMES));
    const totals = new FuzzTotals();

    for (let batch = 1; batch <= BATCHES; batch++) {
      const udpPackets = packets.take(UDP_PER_BATCH);
      const [udp, ...tcp] = await Promise.all([
        fuzzUdp(dnsPort, udpPackets, UDP_LANES),
        fuzzTcp(dnsPort, scenarios.take(TCP_PER_BATCH), TCP_CONCURRENCY),
        fuzzTcp(dnsPort, scenarios.take(TCP_BURST), TCP_BURST),
      ]);
      totals.addUdp(udpPackets, udp);
      tcp.forEach((result) => totals.addTcp(result));
      await expectHealthy(app, dnsPort, zones, `after batch ${batch}`);
      // A lane gives up when whole chunks go unanswered: the server stopped answering for a while.
      expect({ batch, udpGaveUp: udp.gaveUp }).toEqual({ batch, udpGaveUp: false });
    }

    // More connections at once than mini-dns serves: it may close some, must answer on the others.
    const flood = await tcpFlood(dnsPort, TCP_FLOOD);
    totals.flood = flood;
    await expectHealthy(app, dnsPort, zones, 'after the connection flood');

    // Datagrams dropped under load are asked again, alone: what stays unanswered is never answered.
    const again = await askAgain(dnsPort, totals.udpUnanswered.slice(0, ASKED_AGAIN));
    totals.findings.push(...again.findings);
    totals.udpNeverAnswered = again.unanswered;
    const memoryAfter = await residentMemory(metricsUrls);
    const seconds = (Date.now() - started) / 1000;
    console.log(totals.summary(SEED, seconds, { before: memoryBefore, after: memoryAfter }));

    expect(app.running).toBe(true);
    expect(flood.unanswered).toBe(0);
    expect(findingsReport(totals.findings)).toBe('');
    // mini-dns answers every message of 12 octets or more without QR, if only with FORMERR (Responder).
    expect(packetsReport(totals.udpNeverAnswered)).toBe('');
    const errors = app.output
      .split('\n')
      .filter((line) => line.includes(INTERNAL_ERROR) || ERROR_LINE.test(line));
    expect(errors.slice(0, 5)).toEqual([]);
    expect(memoryAfter).toBeLessThan(memoryBefore + MEMORY_GROWTH_LIMIT);
  }, 240_000);
});
