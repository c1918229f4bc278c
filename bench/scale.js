// `npm run bench -- scale`: the same measurements through the API and mini-dns at BENCH_SCALE_BASE_ZONES
// (default 1,000) zones and at BENCH_SCALE_ZONES (default 1,000,000; 10 records each, loaded by SQL:
// scale-fixture.js) in one database, side by side. The apps run as separate processes over RabbitMQ and
// are started afresh at each size (their start-up times are figures too). See docs/benchmarks.md.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const { defaultPools } = require('@zonewarden/config');
const { ZONE_COLLECTION } = require('@zonewarden/persistence');
const { freePort, startApp } = require('@zonewarden/testing');
const {
  answeredAfter,
  benchEnvironment,
  createZones,
  dnsperf,
  percentile,
  printLatencies,
  queryLines,
  sampleLatencies,
} = require('./support');
const { BIG_PROJECT, BIG_PROJECT_ZONES, loadScaleZones, zoneName } = require('./scale-fixture');

/** A page of 10: its 100th page (zones 991–1,000) exists at the smallest base size. */
const PAGE = 10;
const MIN_BASE_ZONES = 100 * PAGE;
const SAMPLE_ZONES = 1000;
const PROPAGATION_ZONES = 50;
const PROPAGATION_CONCURRENCY = 5;
/** Zones left pending (PATCHes, DELETEs) are waited for between measurements, this long at most. */
const SETTLE_MS = 120_000;

function setting(name, fallback, min) {
  const raw = process.env[name];
  const value = raw === undefined ? fallback : Number(raw.replace(/_/g, ''));
  if (!Number.isSafeInteger(value) || value < min)
    throw new Error(`${name} must be a whole number of at least ${min}, not '${raw}'`);
  return value;
}

const count = (n) => n.toLocaleString('en-US');

/** `n` distinct random integers below `limit` (all of them when there are fewer). */
function randomIndices(n, limit) {
  const chosen = new Set();
  while (chosen.size < Math.min(n, limit)) chosen.add(Math.floor(Math.random() * limit));
  return [...chosen];
}

/** The p50 and p99 of sampled latencies and how many failed, as the table shows them. */
function summary({ times, failures }) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), failures };
}

/** Figures of one size: label → { p50, p99, failures } (ms), or { rate } for answers/s. */
async function measureAt(zones, context) {
  const { bench, settings, ports, running } = context;
  console.log(
    `\nscale: ${count(zones)} zones, ${count(Math.min(zones, BIG_PROJECT_ZONES))} of them in the token's project`,
  );
  const figures = new Map();
  const env = {
    ...bench.env,
    API_PORT: String(ports.api),
    MINIDNS_PORT: String(ports.dns),
    DATABASE_POOL_SIZE: '6',
  };
  try {
    // mini-dns first: the others' start-up announces nothing it must have seen.
    for (const name of ['mini-dns', 'pool-manager', 'api-gateway']) {
      const started = Date.now();
      running.set(name, await startApp(name, env, settings.startTimeoutMs));
      const ms = Date.now() - started;
      console.log(`  start ${name.padEnd(26)} ${ms} ms`);
      figures.set(`start ${name}`, { p50: ms, failures: 0 });
    }
    const run = {
      ...context,
      zones,
      figures,
      api: `http://127.0.0.1:${ports.api}`,
      member: { 'X-Auth-Token': bench.token, 'Content-Type': 'application/json' },
      admin: { 'X-Auth-Token': bench.adminToken, 'Content-Type': 'application/json' },
      randomId: randomChoice(await bigProjectSample(bench.env.DATABASE_URL)),
      /** Samples `request`'s latencies into the figure `label`. */
      async timed(label, request, limits = {}) {
        const sample = { connections: settings.connections, seconds: settings.seconds, ...limits };
        figures.set(label, summary(await sampleLatencies(label, request, sample)));
      },
    };
    measureMiniDns(run);
    await measureReads(run);
    await measureChanges(run);
  } finally {
    await stopAll(running);
  }
  return figures;
}

/** Whether a response succeeded, once its body is read. */
async function ok(response) {
  await response.arrayBuffer();
  return response.ok;
}

/** mini-dns over random served zones (each read from storage on its first query), best of two runs. */
function measureMiniDns({ zones, work, ports, running, settings, figures }) {
  const queries = path.join(work, `queries-${zones}.txt`);
  fs.writeFileSync(queries, queryLines(randomIndices(SAMPLE_ZONES, zones).map(zoneName)));
  const pid = running.get('mini-dns').child.pid;
  const runs = [1, 2].map(() => dnsperf(ports.dns, queries, pid, { seconds: settings.seconds }));
  const best = runs.reduce((a, b) => (b.rate > a.rate ? b : a));
  console.log(
    `  mini-dns, ${SAMPLE_ZONES} random zones        ${best.rate.toFixed(0)} answers/s   ${best.codes}`,
  );
  figures.set('mini-dns answers/s', { rate: best.rate });
}

/** GET of random zones of the token's project; the 1st and 100th page of each sort key, in the project and over all. */
async function measureReads({ api, member, admin, randomId, timed }) {
  await timed('GET /v2/zones/{id}', async () =>
    ok(await fetch(`${api}/v2/zones/${randomId()}`, { headers: member })),
  );
  for (const [scope, headers, query] of [
    ['project', member, ''],
    ['all projects', admin, '&all_projects=True'],
  ]) {
    for (const key of Object.keys(ZONE_COLLECTION.sortKeys)) {
      const list = `${api}/v2/zones?sort_key=${key}&limit=${PAGE}${query}`;
      const skipped = await (
        await fetch(`${api}/v2/zones?sort_key=${key}&limit=${99 * PAGE}${query}`, { headers })
      ).json();
      const pages = [
        ['1st', list],
        ['100th', `${list}&marker=${skipped.zones.at(-1).id}`],
      ];
      for (const [page, url] of pages)
        await timed(`list ${page} page by ${key} (${scope})`, async () => ok(await fetch(url, { headers })));
    }
  }
}

/**
 * POST → SOA answered, POST, PATCH (random zones of the token's project) and DELETE (the zones this size's
 * run created, so that the loaded ones stay as they are for the next size), each once the previous one's
 * changes have propagated.
 */
async function measureChanges({ zones, api, member, randomId, ports, figures, timed, bench }) {
  const created = [];
  const tag = `s${zones}`;
  const propagation = [];
  const miniDns = { host: '127.0.0.1', port: ports.dns };
  await createZones(
    api,
    member,
    PROPAGATION_ZONES,
    PROPAGATION_CONCURRENCY,
    async (zone, startedAt) => {
      created.push(zone.id);
      propagation.push(await answeredAfter(miniDns, zone.name, zone.serial, startedAt));
    },
    `${tag}-p`,
  );
  const propagationLabel = `POST → SOA answered by mini-dns (${PROPAGATION_CONCURRENCY} at a time)`;
  printLatencies(propagationLabel, propagation);
  const unanswered = propagation.filter((ms) => ms === Infinity).length;
  figures.set(propagationLabel, summary({ times: propagation, failures: unanswered }));
  await settle(bench.env.DATABASE_URL);

  await timed('POST /v2/zones', async (n) => {
    const response = await fetch(`${api}/v2/zones`, {
      method: 'POST',
      headers: member,
      body: JSON.stringify({ name: `${tag}-c${n}.bench.test.`, email: 'a@bench.test' }),
    });
    const zone = await response.json();
    if (response.ok) created.push(zone.id);
    return response.ok;
  });
  await settle(bench.env.DATABASE_URL);

  await timed('PATCH /v2/zones/{id}', async (n) =>
    ok(
      await fetch(`${api}/v2/zones/${randomId()}`, {
        method: 'PATCH',
        headers: member,
        body: JSON.stringify({ description: `patched ${n}` }),
      }),
    ),
  );
  await settle(bench.env.DATABASE_URL);

  await timed(
    'DELETE /v2/zones/{id}',
    async (n) => ok(await fetch(`${api}/v2/zones/${created[n]}`, { method: 'DELETE', headers: member })),
    { count: created.length },
  );
  await settle(bench.env.DATABASE_URL);
}

/** A function picking one of `values` at random each time. */
const randomChoice = (values) => () => values[Math.floor(Math.random() * values.length)];

/** Up to SAMPLE_ZONES random ids of the loaded zones of the benchmark token's project. */
async function bigProjectSample(databaseUrl) {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `SELECT id FROM zones WHERE project_id = $1 AND name LIKE '%.scale.test.' ORDER BY random() LIMIT $2`,
      [BIG_PROJECT, SAMPLE_ZONES],
    );
    return rows.map((row) => row.id);
  });
}

/** Waits until no zone has an action pending (SETTLE_MS at most: then says so). */
async function settle(databaseUrl) {
  const started = Date.now();
  await withClient(databaseUrl, async (client) => {
    for (;;) {
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM zones WHERE action <> 'NONE'`);
      if (rows[0].n === 0) return;
      if (Date.now() - started > SETTLE_MS) {
        console.log(`  (${rows[0].n} zones still pending after ${SETTLE_MS / 1000} s; going on)`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
}

async function withClient(databaseUrl, use) {
  const client = new Client({ connectionString: databaseUrl });
  // Ctrl-C drops the database under it: the query under way fails anyway, the event must not crash.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function stopAll(running) {
  for (const [name, app] of [...running].reverse()) {
    await app.stop();
    running.delete(name);
  }
}

async function load(databaseUrl, from, to) {
  const started = Date.now();
  let last = started;
  await loadScaleZones(databaseUrl, from, to, (done) => {
    if (Date.now() - last < 10_000 && done < to) return;
    last = Date.now();
    console.log(`  loaded ${count(done)} of ${count(to)} zones (${((last - started) / 1000).toFixed(0)} s)`);
  });
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `loaded zones ${count(from)}–${count(to - 1)} by SQL (10 records each), counted and vacuumed in ${seconds.toFixed(0)} s`,
  );
}

const format = (value) => (value === undefined ? '—' : value === Infinity ? '∞' : value.toFixed(1));

/** The side-by-side table: each figure at both sizes, and how many times worse it is at the larger. */
function printTable(baseZones, zones, before, after) {
  const width = Math.max(...[...before.keys()].map((label) => label.length));
  const columns = (figure) =>
    figure.rate !== undefined
      ? `${figure.rate.toFixed(0).padStart(8)} /s      `
      : `${format(figure.p50).padStart(8)} ${format(figure.p99).padStart(8)}${figure.failures ? '!' : ' '}`;
  console.log(
    `\n${''.padEnd(width)}   ${`${count(baseZones)} zones`.padStart(18)}   ${`${count(zones)} zones`.padStart(18)}   slower`,
  );
  console.log(
    `${''.padEnd(width)}   ${'p50 ms   p99 ms'.padStart(18)}   ${'p50 ms   p99 ms'.padStart(18)}   (p50)`,
  );
  for (const [label, small] of before) {
    const large = after.get(label);
    const ratio = small.rate !== undefined ? small.rate / large.rate : large.p50 / small.p50;
    console.log(
      `${label.padEnd(width)}   ${columns(small)}   ${columns(large)}   ${ratio.toFixed(2).padStart(6)}×${ratio > 1.5 ? ' > 1.5' : ''}`,
    );
  }
  console.log(
    '(! failures among the requests; answers/s: slower is the smaller size’s rate over the larger’s)',
  );
}

module.exports = async function benchScale() {
  const zones = setting('BENCH_SCALE_ZONES', 1_000_000, MIN_BASE_ZONES + 1);
  const baseZones = setting('BENCH_SCALE_BASE_ZONES', 1_000, MIN_BASE_ZONES);
  if (baseZones >= zones) throw new Error('BENCH_SCALE_BASE_ZONES must be below BENCH_SCALE_ZONES');
  const settings = {
    connections: setting('BENCH_SCALE_CONNECTIONS', 4, 1),
    seconds: setting('BENCH_SCALE_DURATION', 5, 1),
    // Starting on a million zones reads their names (mini-dns) and pending work: minutes, not seconds.
    startTimeoutMs: 60_000 + zones / 2,
  };
  const ports = { api: await freePort(), dns: await freePort() };
  const bench = await benchEnvironment(defaultPools({ host: '127.0.0.1', port: ports.dns }));
  const context = {
    bench,
    settings,
    ports,
    running: new Map(),
    work: fs.mkdtempSync(path.join(os.tmpdir(), 'zw-bench-scale-')),
  };
  const cleanup = async () => {
    await stopAll(context.running);
    fs.rmSync(context.work, { recursive: true, force: true });
    await bench.cleanup();
  };
  // Ctrl-C (or a kill) in the middle of an hour-long run still drops the database of ~10 GB.
  const interrupted = (signal) => {
    console.error(`\n${signal}: stopping the apps and dropping the benchmark database`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  try {
    console.log(
      `scale: ${count(baseZones)} zones, then ${count(zones)}; ${settings.connections} connections for ${settings.seconds} s per figure`,
    );
    await load(bench.env.DATABASE_URL, 0, baseZones);
    const before = await measureAt(baseZones, context);
    await load(bench.env.DATABASE_URL, baseZones, zones);
    const after = await measureAt(zones, context);
    printTable(baseZones, zones, before, after);
  } finally {
    process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
    await cleanup();
  }
};
