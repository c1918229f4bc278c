// Zonefiles: parser throughput, and the time from POST /v2/zones/tasks/imports to COMPLETE for zones
// of 1k, 10k and 100k records, then the time to export each (request to the last byte of content).
const { parseZonefile } = require('@zonewarden/dns');
const { defaultPools } = require('@zonewarden/config');
const { freePort, startApp, waitFor } = require('@zonewarden/testing');
const { benchEnvironment } = require('./support');
const { zonefile } = require('./zonefile-generator');

const SIZES = (process.env.BENCH_ZONEFILE_SIZES ?? '1000,10000,100000').split(',').map(Number);

function parserThroughput() {
  const text = zonefile('parse.bench.test.', 100_000);
  parseZonefile(text); // warm up
  const started = process.hrtime.bigint();
  const rounds = 3;
  let records = 0;
  for (let i = 0; i < rounds; i++) records += parseZonefile(text).records.length;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(
    `zonefile parser: ${Math.round(records / seconds).toLocaleString('en')} records/s (${(text.length / 1e6).toFixed(1)} MB file of ${records / rounds} records)`,
  );
}

module.exports = async function benchZonefiles() {
  parserThroughput();
  const bench = await benchEnvironment(defaultPools({ host: '127.0.0.1', port: 5354 }));
  const port = await freePort();
  const env = {
    ...bench.env,
    API_PORT: String(port),
    MAX_ZONEFILE_BYTES: String(64 * 1024 * 1024),
  };
  const apps = [await startApp('api-gateway', env), await startApp('zone-worker', env)];
  try {
    const base = `http://127.0.0.1:${port}`;
    const auth = { 'X-Auth-Token': bench.token };
    const status = async (url) => await (await fetch(`${base}${url}`, { headers: auth })).json();
    for (const size of SIZES) {
      const text = zonefile(`z${size}.bench.test.`, size);
      let started = Date.now();
      const created = await (
        await fetch(`${base}/v2/zones/tasks/imports`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'text/dns' },
          body: text,
        })
      ).json();
      await waitFor(
        'the import',
        async () => (await status(`/v2/zones/tasks/imports/${created.id}`)).status !== 'PENDING',
        600_000,
      );
      const done = await status(`/v2/zones/tasks/imports/${created.id}`);
      const importMs = Date.now() - started;
      started = Date.now();
      const exportResponse = await fetch(`${base}/v2/zones/${done.zone_id}/tasks/export`, {
        method: 'POST',
        headers: auth,
      });
      if (exportResponse.status !== 202)
        throw new Error(`export request answered ${exportResponse.status}: ${await exportResponse.text()}`);
      const exportRequest = await exportResponse.json();
      await waitFor(
        'the export',
        async () => (await status(`/v2/zones/tasks/exports/${exportRequest.id}`)).status === 'COMPLETE',
        600_000,
      );
      const content = await (
        await fetch(`${base}/v2/zones/tasks/exports/${exportRequest.id}/export`, { headers: auth })
      ).text();
      const exportMs = Date.now() - started;
      console.log(
        `  ${String(size).padStart(6)} records: import ${done.status} in ${String(importMs).padStart(6)} ms   export (${(content.length / 1e6).toFixed(1)} MB) in ${String(exportMs).padStart(5)} ms`,
      );
    }
  } finally {
    for (const app of apps) await app.stop();
    await bench.cleanup();
  }
};
