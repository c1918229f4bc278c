// `npm start` in one process on the embedded PostgreSQL: start-up (fresh data directory, then again on
// it), POST /v2/zones → SOA answered by mini-dns through the in-process broker, and GET one zone.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ManagedProcess, REPO_ROOT, freePort } = require('@zonewarden/testing');
const { answeredAfter, createZones, measure, printLatencies } = require('./support');

const ZONES = Number(process.env.BENCH_PROPAGATION_ZONES ?? 200);
const CONCURRENCY = 10;

async function start(env) {
  const started = Date.now();
  const app = ManagedProcess.start(
    'all-in-one',
    process.execPath,
    [path.join(REPO_ROOT, 'apps/all-in-one/dist/main.js')],
    env,
  );
  await app.waitForOutput(/Ctrl-C stops it/, 120_000);
  return { app, ms: Date.now() - started, token: /Token: +(\S+)/.exec(app.output)[1] };
}

module.exports = async function benchAllInOne() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-bench-all-in-one-'));
  fs.chmodSync(dataDir, 0o755);
  const [apiPort, dnsPort] = [await freePort(), await freePort()];
  const env = {
    PATH: process.env.PATH,
    ZONEWARDEN_DATA_DIR: dataDir,
    API_PORT: String(apiPort),
    MINIDNS_PORT: String(dnsPort),
    RATE_LIMIT_PER_MINUTE: '0',
    QUOTA_ZONES: '-1',
  };
  let run;
  try {
    const fresh = await start(env);
    await fresh.app.stop();
    run = await start(env);
    console.log(
      `all-in-one (npm start): start ${fresh.ms} ms on a new data directory, ${run.ms} ms on an existing one`,
    );
    const base = `http://127.0.0.1:${apiPort}`;
    const headers = { 'X-Auth-Token': run.token, 'Content-Type': 'application/json' };
    const times = [];
    const ids = [];
    const miniDns = { host: '127.0.0.1', port: dnsPort };
    await createZones(base, headers, ZONES, CONCURRENCY, async (zone, started) => {
      ids.push(zone.id);
      times.push(await answeredAfter(miniDns, zone.name, zone.serial, started));
    });
    printLatencies(`POST → SOA answered (${ZONES} zones, ${CONCURRENCY} at a time)`, times);
    let n = 0;
    await measure('GET /v2/zones/{id}', {
      url: base,
      headers,
      requests: [{ setupRequest: (req) => ({ ...req, path: `/v2/zones/${ids[n++ % ids.length]}` }) }],
    });
  } finally {
    await run?.app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};
