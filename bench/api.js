// The apps' footprint and API throughput. Idle RSS of each app started as its own process (as in production)
// and of `npm start`'s one process (on the bench database, not its embedded PostgreSQL); then GET one, GET
// a page and POST with autocannon at BENCH_CONNECTIONS, the gateway at BENCH_API_WORKERS (API_WORKERS); and
// the ceilings measured in the same run: the same creations through the domain service without HTTP, and
// GET from a bare Node `http` server and from the smallest NestJS app with as many workers (bench/bare-http.js).
const { setTimeout: sleep } = require('node:timers/promises');
const fs = require('node:fs');
const path = require('node:path');
const { defaultPools } = require('@zonewarden/config');
const { REPO_ROOT, freePort, startApp, startProcess } = require('@zonewarden/testing');
const { benchEnvironment, measure } = require('./support');

const SEED_ZONES = 1000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WORKERS = Number(process.env.BENCH_API_WORKERS ?? 2);
/**
 * Long enough after start-up for V8's memory reducer to run (it shrinks the heap some seconds after
 * allocation calms down): the RSS an idle app keeps, not the peak of its start (docs/footprint.md).
 */
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 30_000);
const APPS = ['api-gateway', 'zone-worker', 'pool-manager', 'mini-dns'];

/** RSS in MB of `pid` and of its descendants (a gateway's cluster workers). */
function rssMb(pid) {
  const children = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(pid);
      } catch {
        return false; // ended meanwhile
      }
    });
  const own = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  return children.reduce((sum, child) => sum + rssMb(Number(child)), own);
}

async function idleFootprint(bench) {
  const dnsPort = await freePort();
  const oneProcessEnv = {
    ...bench.env,
    API_PORT: String(await freePort()),
    MINIDNS_PORT: String(await freePort()),
  };
  // All at once, as a deployment starts them; `npm start` without AMQP_URL runs everything in one process.
  const starting = await Promise.allSettled([
    ...APPS.map(async (name) =>
      startProcess(name, process.execPath, [path.join(REPO_ROOT, 'apps', name, 'dist/main.js')], {
        env: {
          ...process.env,
          ...bench.env,
          API_PORT: String(await freePort()),
          MINIDNS_PORT: String(dnsPort),
        },
        ready: /started|listening on/,
        timeoutMs: 60_000,
      }),
    ),
    startProcess('all-in-one', process.execPath, [path.join(REPO_ROOT, 'apps/all-in-one/dist/main.js')], {
      env: { ...process.env, ...oneProcessEnv, AMQP_URL: '' },
      ready: /Ctrl-C stops it/,
      timeoutMs: 60_000,
    }),
  ]);
  const started = starting.filter((result) => result.status === 'fulfilled').map((result) => result.value);
  try {
    const failed = starting.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    await sleep(IDLE_MS);
    console.log(`idle RSS ${IDLE_MS / 1000} s after start-up (each app its own process, API_WORKERS=1):`);
    for (const app of started)
      console.log(
        `  ${app.name.padEnd(14)} ${rssMb(app.child.pid).toFixed(0).padStart(4)} MB${app.name === 'all-in-one' ? '  (npm start, on DATABASE_URL)' : ''}`,
      );
  } finally {
    await Promise.all(started.map((app) => app.stop()));
  }
}

async function seed(base, headers) {
  const ids = [];
  for (let i = 0; i < SEED_ZONES; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: 50 }, (_, j) =>
        fetch(`${base}/v2/zones`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: `seed${i + j}.bench.test.`, email: 'a@bench.test' }),
        }).then((r) => r.json()),
      ),
    );
    ids.push(...batch.map((zone) => zone.id));
  }
  return ids;
}

async function throughput(bench) {
  const port = await freePort();
  const gateway = await startApp('api-gateway', {
    ...bench.env,
    API_PORT: String(port),
    API_WORKERS: String(WORKERS),
  });
  let getOne;
  try {
    const base = `http://127.0.0.1:${port}`;
    const headers = { 'X-Auth-Token': bench.token, 'Content-Type': 'application/json' };
    const ids = await seed(base, headers);
    console.log(`api-gateway: API_WORKERS=${WORKERS}, ${SEED_ZONES} zones stored`);
    let n = 0;
    getOne = await measure('GET /v2/zones/{id}', {
      url: base,
      headers,
      requests: [{ setupRequest: (req) => ({ ...req, path: `/v2/zones/${ids[n++ % ids.length]}` }) }],
    });
    await measure('GET /v2/zones?limit=20', { url: `${base}/v2/zones?limit=20`, headers });
    // Each POST in the project of the token it picks: one project, or one project per connection (issue #14 asks for both).
    let created = 0;
    const posts = (tokens) => ({
      url: base,
      headers,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            path: '/v2/zones',
            headers: { ...req.headers, 'X-Auth-Token': tokens[created % tokens.length] },
            body: JSON.stringify({ name: `new${created++}.bench.test.`, email: 'a@bench.test' }),
          }),
        },
      ],
    });
    await measure('POST /v2/zones', posts([bench.token]));
    await measure(`POST /v2/zones, ${CONNECTIONS} projects`, posts(await bench.projectTokens(CONNECTIONS)));
  } finally {
    await gateway.stop();
  }
  await domainCreates(bench);
  const bare = await yardstick('http', `bare Node http (${WORKERS} workers), same body size`);
  const nest = await yardstick('nest', `smallest NestJS app (${WORKERS} workers), same body`);
  const percent = (result) => `${((result.requests.average / bare.requests.average) * 100).toFixed(0)}%`;
  console.log(
    `  GET one zone / bare Node http: ${percent(getOne)}   (the smallest NestJS app: ${percent(nest)})`,
  );
}

/** GET from bench/bare-http.js of `kind` with the gateway's workers. */
async function yardstick(kind, title) {
  const port = await freePort();
  const server = await startProcess(
    `bare-${kind}`,
    process.execPath,
    [path.join(__dirname, 'bare-http.js'), String(port), String(WORKERS), kind],
    { ready: /listening on/ },
  );
  try {
    return await measure(title, { url: `http://127.0.0.1:${port}/v2/zones/x` });
  } finally {
    await server.stop();
  }
}

/** The machine's CPU time (/proc/stat jiffies), busy and in all; since `before` when given. */
function machineCpu(before = { busy: 0, total: 0 }) {
  const [user, nice, system, idle, iowait, ...rest] = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + rest.slice(0, 3).reduce((sum, value) => sum + value, 0);
  return { busy: busy - before.busy, total: busy + idle + iowait - before.total };
}

/**
 * What the storage allows: zones created through the domain service (the gateway's ZonesService.create, its
 * two statements) by BENCH_CONNECTIONS callers in as many projects, in this process, without HTTP; the
 * announcements stay in the outbox (no relay), so it does a little less than a POST.
 */
async function domainCreates(bench) {
  const { NestFactory } = require('@nestjs/core');
  const { Module } = require('@nestjs/common');
  const { ServiceConfig, databaseOptions, loadConfig } = require('@zonewarden/config');
  const { DomainModule, ZonesService, domainSettingsOf } = require('@zonewarden/domain');
  const { PersistenceModule } = require('@zonewarden/persistence');
  const config = loadConfig(ServiceConfig, bench.env);
  class DomainOnly {}
  Module({
    imports: [
      PersistenceModule.forRoot({ ...databaseOptions(config, 'bench'), poolSize: CONNECTIONS }),
      DomainModule.forRoot(domainSettingsOf(config)),
    ],
  })(DomainOnly);
  const context = await NestFactory.createApplicationContext(DomainOnly, { logger: false });
  try {
    const zones = context.get(ZonesService);
    const seconds = Number(process.env.BENCH_DURATION ?? 10);
    const end = Date.now() + seconds * 1000;
    let created = 0;
    const cpuBefore = machineCpu();
    const ownBefore = process.cpuUsage();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, i) => {
        const caller = { projectId: `domain-${i}`, roles: ['member'], isAdmin: false, allProjects: false };
        while (Date.now() < end)
          await zones.create(caller, { name: `domain${created++}.bench.test.`, email: 'a@bench.test' });
      }),
    );
    const { busy, total } = machineCpu(cpuBefore);
    const own = process.cpuUsage(ownBefore);
    console.log(
      `  ${`ZonesService.create without HTTP, ${CONNECTIONS} projects`.padEnd(56)} ${(created / seconds).toFixed(0).padStart(6)} /s    ` +
        `machine ${((100 * busy) / total).toFixed(0)}% busy, this process ${((own.user + own.system) / 1000 / created).toFixed(2)} ms CPU per creation`,
    );
  } finally {
    await context.close();
  }
}

module.exports = async function benchApi() {
  const bench = await benchEnvironment(defaultPools({ host: '127.0.0.1', port: 5354 }));
  try {
    await idleFootprint(bench);
    await throughput(bench);
  } finally {
    await bench.cleanup();
  }
};
