// Record sets: create throughput, list throughput, and list latency in a zone holding 10,000 record sets.
const { defaultPools } = require('@zonewarden/config');
const { freePort, startApp } = require('@zonewarden/testing');
const { benchEnvironment, measure } = require('./support');

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const LARGE_ZONE = Number(process.env.BENCH_LARGE_ZONE_RECORDSETS ?? 10_000);

module.exports = async function benchRecordSets() {
  const bench = await benchEnvironment(defaultPools({ host: '127.0.0.1', port: 5354 }));
  const port = await freePort();
  const gateway = await startApp('api-gateway', { ...bench.env, API_PORT: String(port) });
  try {
    const base = `http://127.0.0.1:${port}`;
    const headers = { 'X-Auth-Token': bench.token, 'Content-Type': 'application/json' };
    const newZone = async (name) =>
      (
        await (
          await fetch(`${base}/v2/zones`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ name, email: 'a@bench.test' }),
          })
        ).json()
      ).id;
    const small = await newZone('small.bench.test.');
    const large = await newZone('large.bench.test.');
    const started = Date.now();
    for (let i = 0; i < LARGE_ZONE; i += 100) {
      await Promise.all(
        Array.from({ length: 100 }, (_, j) =>
          fetch(`${base}/v2/zones/${large}/recordsets`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              name: `h${i + j}.large.bench.test.`,
              type: 'A',
              records: [`10.${(i + j) >> 16}.${((i + j) >> 8) & 255}.${(i + j) & 255}`],
            }),
          }),
        ),
      );
    }
    console.log(
      `record sets: ${CONNECTIONS} connections, ${DURATION_S} s each; ${LARGE_ZONE} record sets loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    let created = 0;
    await measure('POST /v2/zones/{id}/recordsets', {
      url: base,
      headers,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            path: `/v2/zones/${small}/recordsets`,
            body: JSON.stringify({
              name: `n${created++}.small.bench.test.`,
              type: 'TXT',
              records: ['"bench"'],
            }),
          }),
        },
      ],
    });
    await measure(`GET recordsets?limit=20 (${LARGE_ZONE} in zone, just loaded)`, {
      url: `${base}/v2/zones/${large}/recordsets?limit=20`,
      headers,
    });
    // Right after the load, the zone's row has a version per change and the new rows are not yet
    // marked all-visible; autovacuum settles that within a minute or so. Measured again once settled:
    await bench.vacuum();
    await measure(`GET recordsets?limit=20 (${LARGE_ZONE} in zone, vacuumed)`, {
      url: `${base}/v2/zones/${large}/recordsets?limit=20`,
      headers,
    });
    await measure(`GET recordsets?limit=20&name=h5* (filtered)`, {
      url: `${base}/v2/zones/${large}/recordsets?limit=20&name=h5*`,
      headers,
    });
    await measure('GET /v2/recordsets?limit=20 (all zones)', {
      url: `${base}/v2/recordsets?limit=20`,
      headers,
    });
  } finally {
    await gateway.stop();
    await bench.cleanup();
  }
};
