// Time from POST /v2/zones to each target kind answering the zone's SOA serial (builtin, BIND 9, PowerDNS).
const { DEFAULT_POOL_ID, parsePools } = require('@zonewarden/config');
const { everyTargetKind, freePort, startApp, startBind, startPowerDns } = require('@zonewarden/testing');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { answeredAfter, benchEnvironment, createZones, printLatencies } = require('./support');

const ZONES = Number(process.env.BENCH_PROPAGATION_ZONES ?? 200);
const CONCURRENCY = 10;

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
  } finally {
    for (const app of apps) await app.stop();
    await Promise.all([bind.stop(), pdns.stop()]);
    await bench.cleanup();
  }
};
