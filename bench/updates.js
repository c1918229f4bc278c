// Dynamic updates (RFC 2136) beside the API in the same run: UPDATEs/s through mini-dns, each signed with an
// update grant's TSIG key and adding a distinct TXT record set — by a client of our own and by `dnsperf -u` —,
// and record-set POSTs/s, at the same concurrency for the same time; each update's latency from sending to
// its NOERROR, which mini-dns sends once the change is committed.
const dgram = require('node:dgram');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const dnsPacket = require('dns-packet');
const { defaultPools } = require('@zonewarden/config');
const { TsigVerifier, querySoa, rcodeName, readMessage, signRequest } = require('@zonewarden/dns');
const { freePort, startApp, waitFor } = require('@zonewarden/testing');
const { benchEnvironment, collectLatencies, dnsperf, percentile } = require('./support');

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** An update not answered within this long counts as an error (`timeout`). */
const TIMEOUT_MS = 5000;
const OPCODE_UPDATE = 5;

/**
 * Sends signed UPDATEs over one UDP socket, as many in flight as the callers make; `send` resolves to the
 * answer's rcode (NOERROR…), `timeout`, or `NOERROR, <why>` when the answer's TSIG does not verify.
 */
function updateClient(port) {
  const socket = dgram.createSocket('udp4');
  const pending = new Map();
  let nextId = 0;
  socket.on('message', (reply) => {
    const waiting = pending.get(reply.readUInt16BE(0));
    if (!waiting) return;
    pending.delete(reply.readUInt16BE(0));
    clearTimeout(waiting.timer);
    const rcode = rcodeName(reply.readUInt16BE(2) & 0x0f);
    try {
      new TsigVerifier(waiting.key, waiting.requestMac).verify(reply, readMessage(reply));
      waiting.resolve(rcode);
    } catch (error) {
      waiting.resolve(rcode === 'NOERROR' ? `NOERROR, ${error.message}` : rcode);
    }
  });
  return {
    /** Adds `name` TXT "bench" to `zone`, signed with `key`. */
    send(zone, name, key) {
      let id;
      do id = nextId++ & 0xffff;
      while (pending.has(id));
      const message = dnsPacket.encode({
        id,
        flags: OPCODE_UPDATE << 11,
        questions: [{ name: zone, type: 'SOA', class: 'IN' }],
        authorities: [{ name, type: 'TXT', class: 'IN', ttl: 300, data: 'bench' }],
      });
      const { signed, requestMac } = signRequest(message, key);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve('timeout');
        }, TIMEOUT_MS);
        pending.set(id, { resolve, key, requestMac, timer });
        socket.send(signed, port, '127.0.0.1');
      });
    },
    close: () => socket.close(),
  };
}

/**
 * One figure: `request(i)` (resolving to its outcome, e.g. NOERROR or 201) by `connections` workers for
 * `seconds`; requests/s, p50 and p99 of the latencies, and how many of each outcome.
 */
async function figure(title, ok, request, { connections = CONNECTIONS, seconds = DURATION_S } = {}) {
  const outcomes = new Map();
  const { times, seconds: took } = await collectLatencies(
    async (i) => {
      const outcome = String(await request(i).catch((error) => error.message));
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      return outcome === ok;
    },
    { connections, seconds },
  );
  const sorted = times.sort((a, b) => a - b);
  return {
    title,
    rate: times.length / took,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    outcomes,
    errors: times.length - (outcomes.get(ok) ?? 0),
  };
}

/** dnsperf's update file: `count` updates of `zone`, each adding TXT "bench" at a name of its own. */
function dnsperfUpdates(file, zone, count) {
  const blocks = Array.from({ length: count }, (_, i) => `${zone}\nadd d${i} 300 TXT "bench"\nsend\n`);
  fs.writeFileSync(file, blocks.join(''));
}

/** `dnsperf -u` with the grant's key: one pass through the file at most, CONNECTIONS in flight. */
function dnsperfFigure(port, pid, key, work, zone) {
  const file = path.join(work, 'updates.txt');
  // More updates than it can send in the time: each adds a record set the zone does not hold yet.
  dnsperfUpdates(file, zone, 200_000);
  const run = dnsperf(port, file, pid, {
    seconds: DURATION_S,
    flags: ['-u', '-n', '1', '-q', String(CONNECTIONS), '-y', `${key.algorithm}:${key.name}:${key.secret}`],
  });
  const outcomes = new Map(
    run.codes
      .split(',')
      .map((part) => /(\w+) (\d+)/.exec(part.trim()))
      .filter(Boolean)
      .map(([, code, count]) => [code, Number(count)]),
  );
  const lost = Number(/Updates lost:\s+(\d+)/.exec(run.output)?.[1] ?? 0);
  if (lost) outcomes.set('lost', lost);
  const average = Number(/Average Latency \(s\):\s+([\d.]+)/.exec(run.output)?.[1]) * 1000;
  return {
    title: 'UPDATE over UDP, dnsperf -u',
    rate: run.rate,
    average,
    outcomes,
    errors: run.answers + lost - (outcomes.get('NOERROR') ?? 0),
  };
}

function printFigures(figures) {
  const cell = (value, width) => String(value).padStart(width);
  console.log(`  ${''.padEnd(38)} ${cell('req/s', 7)} ${cell('p50 ms', 8)} ${cell('p99 ms', 8)}   answers`);
  for (const f of figures) {
    const latency =
      f.p50 === undefined
        ? cell(`avg ${f.average.toFixed(1)}`, 17)
        : `${cell(f.p50.toFixed(1), 8)} ${cell(f.p99.toFixed(1), 8)}`;
    const answers = [...f.outcomes].map(([outcome, count]) => `${count} ${outcome}`).join(', ');
    console.log(`  ${f.title.padEnd(38)} ${cell(f.rate.toFixed(0), 7)} ${latency}   ${answers}`);
  }
  const errors = figures.reduce((sum, f) => sum + f.errors, 0);
  console.log(`  ${errors ? `${errors} requests failed (above)` : 'every update NOERROR, every POST 201'}`);
}

module.exports = async function benchUpdates() {
  const [dnsPort, apiPort] = [await freePort(), await freePort()];
  const bench = await benchEnvironment(defaultPools({ host: '127.0.0.1', port: dnsPort }));
  const env = {
    ...bench.env,
    MINIDNS_PORT: String(dnsPort),
    API_PORT: String(apiPort),
    TSIG_KEY_ENCRYPTION_KEYS: 'k1=the updates benchmark',
  };
  const apps = [];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-bench-updates-'));
  let client;
  try {
    apps.push(await startApp('api-gateway', env), await startApp('mini-dns', env));
    const base = `http://127.0.0.1:${apiPort}`;
    const headers = { 'X-Auth-Token': bench.token, 'Content-Type': 'application/json' };
    const post = async (url, body) => {
      const response = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const json = await response.json();
      if (response.status >= 300) throw new Error(`${url}: ${JSON.stringify(json).slice(0, 300)}`);
      return json;
    };
    // A zone for each figure, each with a grant: each figure starts from an empty zone.
    const zone = async (name) => {
      const created = await post('/v2/zones', { name: `${name}.bench.test.`, email: 'a@bench.test' });
      const grant = await post(`/v2/zones/${created.id}/update_grants`, {
        key_name: `bench-${name}`,
        names: [{ match: 'zone' }],
        types: ['TXT'],
      });
      const server = { host: '127.0.0.1', port: dnsPort };
      await waitFor(
        `mini-dns to serve ${created.name}`,
        async () => (await querySoa(server, created.name)).present,
      );
      return { ...created, key: { name: grant.key_name, algorithm: grant.algorithm, secret: grant.secret } };
    };
    const [updated, posted, byDnsperf, updatedAlone, postedAlone] = await Promise.all(
      ['updates', 'posts', 'dnsperf', 'update-alone', 'post-alone'].map(zone),
    );
    client = updateClient(dnsPort);
    const updates = (z) => (i) => client.send(z.name, `u${i}.${z.name}`, z.key);
    const posts = (z) => async (i) => {
      const response = await fetch(`${base}/v2/zones/${z.id}/recordsets`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `n${i}.${z.name}`, type: 'TXT', records: ['"bench"'] }),
      });
      await response.arrayBuffer();
      return response.status;
    };
    const alone = { connections: 1, seconds: DURATION_S / 2 };
    console.log(
      `updates: TSIG-signed (${updated.key.algorithm}) UPDATEs through mini-dns beside record-set POSTs, ${CONNECTIONS} in flight for ${DURATION_S} s (1 in flight for ${alone.seconds} s); each request adds a TXT record set of its own, in a zone of its figure`,
    );
    const figures = [
      await figure('UPDATE over UDP, own client', 'NOERROR', updates(updated)),
      await figure('POST /v2/zones/{id}/recordsets', '201', posts(posted)),
      dnsperfFigure(dnsPort, apps[1].child.pid, byDnsperf.key, work, byDnsperf.name),
      await figure('UPDATE, own client, 1 in flight', 'NOERROR', updates(updatedAlone), alone),
      await figure('POST recordsets, 1 in flight', '201', posts(postedAlone), alone),
    ];
    printFigures(figures);
    const [own, post16, perf] = figures;
    console.log(
      `  updates/s over record-set POSTs/s: ${(own.rate / post16.rate).toFixed(2)}× (own client), ${(perf.rate / post16.rate).toFixed(2)}× (dnsperf)`,
    );
  } finally {
    client?.close();
    fs.rmSync(work, { recursive: true, force: true });
    for (const app of apps) await app.stop();
    await bench.cleanup();
  }
};
