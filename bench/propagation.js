// Time from POST /v2/zones to each target kind answering the zone's SOA serial (builtin, BIND 9, PowerDNS),
// then how fast pool-manager drains a burst of creates.
const { Client } = require('pg');
const { DEFAULT_POOL_ID, parsePools } = require('@zonewarden/config');
const { everyTargetKind, freePort, startApp, startBind, startPowerDns } = require('@zonewarden/testing');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { answeredAfter, benchEnvironment, createZones, printLatencies } = require('./support');

const ZONES = Number(process.env.BENCH_PROPAGATION_ZONES ?? 200);
const BURST = Number(process.env.BENCH_PROPAGATION_BURST ?? 300);
const CONCURRENCY = 10;

/**
 * POSTs BURST zones while pool-manager is stopped, starts it, and prints how long until every zone is
 * propagated to every target (`action: NONE`): its rate on a backlog, not the API's. `startPoolManager`
 * keeps the process for the caller to stop.
 */
async function measureBurst(base, headers, databaseUrl, startPoolManager) {
  await createZones(base, headers, BURST, CONCURRENCY, async () => undefined, 'burst');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const started = Date.now();
    await startPoolManager();
    for (;;) {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM zones WHERE action <> 'NONE'`);
      if (rows[0].n === 0 || Date.now() - started > 300_000) {
        const seconds = (Date.now() - started) / 1000;
        console.log(
          `  burst of ${BURST} creates, pool-manager started on the backlog: all propagated after ${seconds.toFixed(1)} s (${(BURST / seconds).toFixed(0)} zones/s, start-up included)${rows[0].n ? `; ${rows[0].n} still pending` : ''}`,
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await db.end();
  }
}

module.exports = async function benchPropagation() {
  const [bind, pdns] = await Promise.all([startBind(), startPowerDns()]);
  const [dnsPort, apiPort] = [await freePort(), await freePort()];
  const kinds = everyTargetKind(dnsPort, bind, pdns);
  // Each target kind's nameserver (listed in the same order), polled for the SOA.
  const targets = Object.fromEntries(kinds.targets.map((target, i) => [target.type, kinds.nameservers[i]]));
  const pools = parsePools([
    {
      id: DEFAULT_POOL_ID,
      name: 'default',
      ns_records: [{ hostname: 'ns1.zonewarden.test.', priority: 1 }],
      ...kinds,
      also_notifies: [],
    },
  ]);
  const bench = await benchEnvironment(pools);
  const poolsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zw-bench-')), 'pools.yaml');
  fs.writeFileSync(poolsFile, JSON.stringify(pools)); // YAML is a superset of JSON
  const env = {
    ...bench.env,
    POOLS_FILE: poolsFile,
    MINIDNS_PORT: String(dnsPort),
    API_PORT: String(apiPort),
  };
  const apps = [
    await startApp('api-gateway', env),
    await startApp('mini-dns', env),
    await startApp('pool-manager', env),
  ];
  try {
    const headers = { 'X-Auth-Token': bench.token, 'Content-Type': 'application/json' };
    const times = { builtin: [], bind9: [], powerdns: [] };
    await createZones(`http://127.0.0.1:${apiPort}`, headers, ZONES, CONCURRENCY, (zone, started) =>
      Promise.all(
        Object.entries(targets).map(async ([kind, server]) =>
          times[kind].push(await answeredAfter(server, zone.name, zone.serial, started)),
        ),
      ),
    );
    console.log(
      `propagation: POST /v2/zones until the SOA is answered, ${ZONES} zones, ${CONCURRENCY} at a time`,
    );
    for (const [kind, values] of Object.entries(times)) printLatencies(kind, values);
    await apps.pop().stop();
    await measureBurst(`http://127.0.0.1:${apiPort}`, headers, env.DATABASE_URL, async () =>
      apps.push(await startApp('pool-manager', env)),
    );
  } finally {
    for (const app of apps) await app.stop();
    await Promise.all([bind.stop(), pdns.stop()]);
    await bench.cleanup();
  }
};
