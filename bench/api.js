// API throughput: GET one, GET a page, POST, with autocannon at BENCH_CONNECTIONS on loopback.
const { defaultPools } = require('@zonewarden/config');
const { freePort, startApp } = require('@zonewarden/testing');
const { benchEnvironment, measure } = require('./support');

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const SEED_ZONES = 1000;

module.exports = async function benchApi() {
  const bench = await benchEnvironment(defaultPools({ host: '127.0.0.1', port: 5354 }));
  const port = await freePort();
  const gateway = await startApp('api-gateway', { ...bench.env, API_PORT: String(port) });
  try {
    const base = `http://127.0.0.1:${port}`;
    const headers = { 'X-Auth-Token': bench.token, 'Content-Type': 'application/json' };
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
    console.log(`api-gateway: ${CONNECTIONS} connections, ${DURATION_S} s each, ${SEED_ZONES} zones stored`);
    let n = 0;
    await measure('GET /v2/zones/{id}', {
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
    await bench.cleanup();
  }
};
