// mini-dns beside BIND 9 in the same run: the same zones (BIND loads mini-dns's AXFR of each) and the same
// query file through dnsperf over UDP; answers/s and CPU time per answer of each server.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { defaultPools } = require('@zonewarden/config');
const { freePort, startApp, startBindPrimary, waitFor } = require('@zonewarden/testing');
const { querySoa } = require('@zonewarden/dns');
const {
  SERVED_ZONE_RECORDSETS,
  axfrZonefile,
  benchEnvironment,
  bestRun,
  dnsperf,
  queryLines,
} = require('./support');

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ZONES = 100;
const ROUNDS = 2;

async function createZone(api, headers, i) {
  const name = `q${i}.bench.test.`;
  const zone = await (
    await fetch(`${api}/v2/zones`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name, email: 'a@bench.test' }),
    })
  ).json();
  const sets = SERVED_ZONE_RECORDSETS.map((set) => ({
    name: set.name.replace('@', name),
    type: set.type,
    records: set.records.map((data) => data.replace('@', name)),
  }));
  for (const set of sets)
    await fetch(`${api}/v2/zones/${zone.id}/recordsets`, {
      method: 'POST',
      headers,
      body: JSON.stringify(set),
    });
  return name;
}

module.exports = async function benchMiniDns() {
  const dnsPort = await freePort();
  const bench = await benchEnvironment(defaultPools({ host: '127.0.0.1', port: dnsPort }));
  const apiPort = await freePort();
  const env = { ...bench.env, MINIDNS_PORT: String(dnsPort), API_PORT: String(apiPort) };
  const apps = [await startApp('api-gateway', env), await startApp('mini-dns', env)];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-bench-dns-'));
  let bind;
  try {
    const api = `http://127.0.0.1:${apiPort}`;
    const headers = { 'X-Auth-Token': bench.token, 'Content-Type': 'application/json' };
    const zones = [];
    for (let i = 0; i < ZONES; i++) zones.push(await createZone(api, headers, i));
    const server = { host: '127.0.0.1', port: dnsPort };
    await waitFor(
      'mini-dns to serve the zones',
      async () => (await querySoa(server, zones[ZONES - 1])).present,
    );
    // Let the last record set changes reach mini-dns before its zones are copied.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const zonefiles = {};
    for (const zone of zones) zonefiles[zone] = axfrZonefile(dnsPort, zone);
    bind = await startBindPrimary(zonefiles);
    const queryFile = path.join(work, 'queries.txt');
    fs.writeFileSync(queryFile, queryLines(zones));
    const servers = [
      { name: 'BIND 9', port: bind.port, pid: bind.process.child.pid, runs: [] },
      { name: 'mini-dns', port: dnsPort, pid: apps[1].child.pid, runs: [] },
    ];
    for (let round = 0; round < ROUNDS; round++)
      for (const s of servers) s.runs.push(dnsperf(s.port, queryFile, s.pid, { seconds: DURATION_S }));
    const [reference, ours] = servers.map((s) => {
      const best = bestRun(s.runs);
      return { ...s, best, cpuPerAnswer: (best.cpu / best.answers) * 1e6 };
    });
    console.log(
      `mini-dns and BIND 9: dnsperf over UDP, ${ZONES} zones, the same ${queryLines(zones).split('\n').length - 1}-line query file, ${DURATION_S} s × ${ROUNDS} rounds each (best round)`,
    );
    for (const s of [reference, ours]) {
      console.log(
        `  ${s.name.padEnd(9)} ${s.best.rate.toFixed(0).padStart(7)} answers/s   CPU ${s.cpuPerAnswer.toFixed(1).padStart(5)} µs/answer   ${s.best.codes}`,
      );
    }
    console.log(
      `  mini-dns: ${((100 * ours.best.rate) / reference.best.rate).toFixed(0)}% of BIND's answers/s, ${(ours.cpuPerAnswer / reference.cpuPerAnswer).toFixed(2)}× its CPU per answer`,
    );
  } finally {
    await bind?.stop();
    for (const app of apps) await app.stop();
    fs.rmSync(work, { recursive: true, force: true });
    await bench.cleanup();
  }
};
