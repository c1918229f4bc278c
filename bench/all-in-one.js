// `npm start` in one process on the embedded PostgreSQL: the first start on a new machine (every dist/
// removed and a new data directory: the build, then the start to the banner), the second start (nothing to
// build, the same data), POST /v2/zones → SOA answered by mini-dns through the in-process broker, and GET
// one zone. `npm start` is `node tools/transpile.js && node apps/all-in-one/dist/main.js`: both are timed.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ManagedProcess, REPO_ROOT, freePort } = require('@zonewarden/testing');
const { answeredAfter, createZones, measure, printLatencies } = require('./support');

const ZONES = Number(process.env.BENCH_PROPAGATION_ZONES ?? 200);
const CONCURRENCY = 10;

/** Every project's build removed, as on a machine where `npm install` has just finished. */
function removeBuilds() {
  for (const group of ['libs', 'apps'])
    for (const name of fs.readdirSync(path.join(REPO_ROOT, group)))
      fs.rmSync(path.join(REPO_ROOT, group, name, 'dist'), { recursive: true, force: true });
}

/** `npm start`'s build step; its time in ms. */
function build() {
  const started = Date.now();
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'tools/transpile.js')], { stdio: 'pipe' });
  return Date.now() - started;
}

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

/** `npm start`: the build, then the start to the banner. */
async function npmStart(env) {
  const buildMs = build();
  const started = await start(env);
  return { ...started, buildMs, totalMs: buildMs + started.ms };
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

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
    const load = os.loadavg()[0].toFixed(1);
    removeBuilds();
    const first = await npmStart(env);
    await first.app.stop();
    run = await npmStart(env);
    const share = Math.round((100 * first.buildMs) / first.totalMs);
    console.log(`all-in-one (npm start), load average ${load} before:`);
    console.log(
      `  first start, from a clean build on a new data directory: ${seconds(first.totalMs)} to the banner = build ${seconds(first.buildMs)} (${share}%) + start ${seconds(first.ms)}`,
    );
    console.log(
      `  second start, nothing changed, the same data: ${seconds(run.totalMs)} = build check ${seconds(run.buildMs)} + start ${seconds(run.ms)}`,
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
