// Imports under load: BENCH_IMPORTS (20) zonefiles of BENCH_IMPORT_BYTES (5 MB) posted at once, and the
// memory of the processes that carry them out — api-gateway + zone-worker on RabbitMQ, or with
// BENCH_IMPORTS_MODES=all-in-one the one process — on a database of its own: resident memory (RSS, the
// processes summed) when idle, at its peak during the imports and BENCH_IMPORTS_SETTLE_MS (30 s) after they
// are all COMPLETE, and the time until they are.
const { setTimeout: sleep } = require('node:timers/promises');
const fs = require('node:fs');
const { defaultPools } = require('@zonewarden/config');
const { freePort, startAllInOne, startApp } = require('@zonewarden/testing');
const { benchEnvironment } = require('./support');
const { zonefile, zonefileOfSize } = require('./zonefile-generator');

const IMPORTS = Number(process.env.BENCH_IMPORTS ?? 20);
const IMPORT_BYTES = Number(process.env.BENCH_IMPORT_BYTES ?? 5_000_000);
/** How long the processes are left alone after the imports before "after" is read. */
const SETTLE_MS = Number(process.env.BENCH_IMPORTS_SETTLE_MS ?? 30_000);
// all-in-one also counts mini-dns, which serves each imported zone from memory (~255 MB for a 5 MB zone):
// 20 of them exceed the V8 heap of the one process, whatever the imports take.
const MODES = (process.env.BENCH_IMPORTS_MODES ?? 'processes').split(',');
const SAMPLE_MS = 50;
const MB = 1024 * 1024;

/** Resident memory of a process, from /proc (Linux); 0 once it is gone. */
function rss(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples the summed RSS of `pids` every SAMPLE_MS, keeping the peak (and each process's), until stopped. */
function rssSampler(pids) {
  const sampler = { peak: 0, last: 0, peaks: pids.map(() => 0) };
  const sample = () => {
    const each = pids.map(rss);
    sampler.last = each.reduce((sum, bytes) => sum + bytes, 0);
    sampler.peak = Math.max(sampler.peak, sampler.last);
    sampler.peaks = sampler.peaks.map((peak, i) => Math.max(peak, each[i]));
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  sampler.stop = () => clearInterval(timer);
  return sampler;
}

const mb = (bytes) => `${Math.round(bytes / MB)} MB`;

/** POSTs one import; a 503 (storage busy: "retry shortly") is retried after a second, and counted. */
async function postImport(service, text) {
  for (;;) {
    const response = await fetch(`${service.base}/v2/zones/tasks/imports`, {
      method: 'POST',
      headers: { ...service.headers, 'Content-Type': 'text/dns' },
      body: text,
    });
    if (response.status === 201) return (await response.json()).id;
    if (response.status !== 503)
      throw new Error(`import answered ${response.status}: ${await response.text()}`);
    service.retried = (service.retried ?? 0) + 1;
    await sleep(1000);
  }
}

/** Posts zonefiles, all at once; resolves once every import has left PENDING. */
async function importAll(service, texts) {
  const ids = await Promise.all(texts.map((text) => postImport(service, text)));
  const statuses = async () =>
    Promise.all(
      ids.map(async (id) => {
        const response = await fetch(`${service.base}/v2/zones/tasks/imports/${id}`, {
          headers: service.headers,
        }).catch(() => undefined);
        // A busy service may answer 503 (retry shortly), or drop a kept-alive connection: asked again.
        if (response === undefined || response.status === 503) return 'PENDING';
        const body = await response.json();
        if (response.status !== 200)
          throw new Error(`import status answered ${response.status}: ${JSON.stringify(body)}`);
        return body.status;
      }),
    );
  // Each import polled once a second, as a client would.
  let last = [];
  for (
    const deadline = Date.now() + 1_800_000;
    (last = await statuses()).includes('PENDING');
    await sleep(1000)
  )
    if (Date.now() > deadline || !service.apps.every((app) => app.running))
      throw new Error(`imports still PENDING, or a process gone: ${last.join(', ')}`);
  const failed = last.filter((status) => status !== 'COMPLETE').length;
  if (failed) throw new Error(`${failed} of ${ids.length} imports did not COMPLETE: ${last.join(', ')}`);
}

async function measureImports(title, service) {
  // One small import first, so that what runs the first time (code loaded, statements prepared) is in "idle".
  await importAll(service, [zonefile('warm-up.bench.test.', 100)]);
  await sleep(3000);
  const texts = Array.from({ length: IMPORTS }, (_, i) => zonefileOfSize(`i${i}.bench.test.`, IMPORT_BYTES));
  const sampler = rssSampler(service.pids);
  const idle = sampler.last;
  const idleEach = service.pids.map(rss);
  const started = Date.now();
  service.retried = 0;
  await importAll(service, texts);
  const seconds = (Date.now() - started) / 1000;
  await sleep(SETTLE_MS);
  sampler.stop();
  const afterEach = service.pids.map(rss);
  const after = afterEach.reduce((sum, bytes) => sum + bytes, 0);
  const size = (texts[0].length / 1e6).toFixed(1);
  const each = (figures) => (service.pids.length > 1 ? ` (${figures.map(mb).join(' + ')})` : '');
  const peaks = each(sampler.peaks);
  console.log(
    `  ${title.padEnd(36)} idle ${mb(idle).padStart(7)}${each(idleEach)}   peak ${mb(sampler.peak).padStart(7)}${peaks}   after ${mb(after).padStart(7)}${each(afterEach)} (${after >= idle ? '+' : ''}${mb(after - idle)}, ${SETTLE_MS / 1000} s later)   ${IMPORTS} × ${size} MB COMPLETE in ${seconds.toFixed(1)} s${service.retried ? ` (${service.retried} POSTs answered 503 and retried)` : ''}`,
  );
}

const STARTS = {
  /** api-gateway and zone-worker as their own processes, on RabbitMQ. */
  async processes(bench) {
    const port = await freePort();
    const env = { ...bench.env, API_PORT: String(port) };
    const apps = [await startApp('api-gateway', env), await startApp('zone-worker', env)];
    return {
      title: 'api-gateway + zone-worker',
      apps,
      pids: apps.map((app) => app.child.pid),
      base: `http://127.0.0.1:${port}`,
      stop: async () => {
        for (const app of apps) await app.stop();
      },
    };
  },
  /** Every app in one process (in-process broker), on the bench database. */
  async 'all-in-one'(bench) {
    const { DATABASE_URL, AMQP_URL: _amqp, AMQP_NAMESPACE: _namespace, ...env } = bench.env;
    const app = await startAllInOne(DATABASE_URL, env);
    return {
      title: 'all-in-one',
      apps: [app.process],
      pids: [app.process.child.pid],
      base: app.api,
      stop: () => app.process.stop(),
    };
  },
};

module.exports = async function benchImports() {
  console.log(
    `imports: ${IMPORTS} zonefiles of ${(IMPORT_BYTES / 1e6).toFixed(1)} MB at once; RSS of the processes involved, summed`,
  );
  for (const mode of MODES) {
    if (!STARTS[mode]) throw new Error(`unknown mode '${mode}'; known: ${Object.keys(STARTS).join(', ')}`);
    const bench = await benchEnvironment(defaultPools({ host: '127.0.0.1', port: 5354 }));
    let service;
    try {
      service = await STARTS[mode](bench);
      service.headers = { 'X-Auth-Token': bench.token };
      await measureImports(service.title, service);
    } catch (error) {
      for (const app of service?.apps ?? []) console.error(`--- ${app.name} ---\n${app.output.slice(-3000)}`);
      throw error;
    } finally {
      await service?.stop();
      await bench.cleanup();
    }
  }
};
