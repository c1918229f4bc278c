// mini-dns throughput: UDP queries/s from a loopback load generator keeping a window of queries in flight.
const dgram = require('node:dgram');
const packet = require('dns-packet');
const { defaultPools } = require('@zonewarden/persistence');
const { freePort, startApp, waitFor } = require('@zonewarden/testing');
const { querySoa } = require('@zonewarden/dns');
const { benchEnvironment, percentile } = require('./support');

const DURATION_MS = Number(process.env.BENCH_DURATION ?? 10) * 1000;
const IN_FLIGHT = 64;
const ZONES = 100;

module.exports = async function benchMiniDns() {
  const dnsPort = await freePort();
  const bench = await benchEnvironment(defaultPools({ host: '127.0.0.1', port: dnsPort }));
  const [apiPort] = [await freePort()];
  const env = { ...bench.env, MINIDNS_PORT: String(dnsPort), API_PORT: String(apiPort) };
  const apps = [await startApp('api-gateway', env), await startApp('mini-dns', env)];
  try {
    const headers = { 'X-Auth-Token': bench.token, 'Content-Type': 'application/json' };
    for (let i = 0; i < ZONES; i++) {
      await fetch(`http://127.0.0.1:${apiPort}/v2/zones`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `q${i}.bench.test.`, email: 'a@bench.test' }),
      });
    }
    await waitFor(
      'mini-dns to serve the zones',
      async () => (await querySoa({ host: '127.0.0.1', port: dnsPort }, `q${ZONES - 1}.bench.test.`)).present,
    );
    // Half the queries hit (SOA/NS of a zone), half miss inside a zone (NXDOMAIN).
    const queries = Array.from({ length: 1000 }, (_, i) =>
      packet.encode({
        type: 'query',
        id: i,
        questions: [
          {
            type: i % 3 ? 'SOA' : 'NS',
            name: i % 2 ? `q${i % ZONES}.bench.test` : `nope${i}.q${i % ZONES}.bench.test`,
          },
        ],
      }),
    );
    const socket = dgram.createSocket('udp4');
    const sentAt = new Map();
    const latencies = [];
    let answered = 0;
    let next = 0;
    const end = Date.now() + DURATION_MS;
    const send = () => {
      const id = next++ & 0xffff;
      const query = Buffer.from(queries[id % queries.length]);
      query.writeUInt16BE(id, 0);
      sentAt.set(id, process.hrtime.bigint());
      socket.send(query, dnsPort, '127.0.0.1');
    };
    await new Promise((resolve) => {
      socket.on('message', (message) => {
        const id = message.readUInt16BE(0);
        const started = sentAt.get(id);
        if (started === undefined) return;
        sentAt.delete(id);
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        answered++;
        if (Date.now() < end) send();
        else if (sentAt.size === 0) resolve();
      });
      socket.bind(0, '127.0.0.1', () => {
        for (let i = 0; i < IN_FLIGHT; i++) send();
      });
      // Lost datagrams must not stall the run.
      setTimeout(resolve, DURATION_MS + 2000).unref();
    });
    socket.close();
    latencies.sort((a, b) => a - b);
    console.log(
      `mini-dns: ${(answered / (DURATION_MS / 1000)).toFixed(0)} queries/s over UDP, ${IN_FLIGHT} in flight, ${ZONES} zones   p50 ${percentile(latencies, 50).toFixed(2)} ms   p99 ${percentile(latencies, 99).toFixed(2)} ms`,
    );
  } finally {
    for (const app of apps) await app.stop();
    await bench.cleanup();
  }
};
