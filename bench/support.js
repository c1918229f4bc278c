// Shared by the benchmarks: a private database and AMQP namespace on the local servers, cleaned up after.
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');
const {
  PrismaService,
  PoolsRepository,
  TokensRepository,
  migrateDatabase,
} = require('@zonewarden/persistence');
const { querySoa } = require('@zonewarden/dns');
const { deleteNamespace } = require('@zonewarden/testing');

const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const AMQP_URL = process.env.BENCH_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

async function admin(sql) {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates a migrated database with the given pools and an API token; returns its settings and a cleanup. */
async function benchEnvironment(pools) {
  const suffix = randomBytes(4).toString('hex');
  const database = `zw_bench_${suffix}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  await admin(`CREATE DATABASE ${database}`);
  await migrateDatabase(url.toString());
  const issue = async (projectIds) => {
    const prisma = new PrismaService({ url: url.toString(), poolSize: 2 });
    try {
      const tokens = new TokensRepository(prisma);
      const issued = [];
      for (const projectId of projectIds)
        issued.push((await tokens.issue({ projectId, userId: 'bench', roles: ['member'] })).token);
      return issued;
    } finally {
      await prisma.close();
    }
  };
  const prisma = new PrismaService({ url: url.toString(), poolSize: 2 });
  await new PoolsRepository(prisma).sync(pools);
  await prisma.close();
  const [token] = await issue(['bench']);
  const namespace = `zwbench.${suffix}`;
  return {
    // Quotas and rate limits lifted: the benchmarks measure speed, not limits.
    env: {
      DATABASE_URL: url.toString(),
      AMQP_URL,
      AMQP_NAMESPACE: namespace,
      AUTH_STRATEGY: 'token',
      QUOTA_ZONES: '-1',
      QUOTA_ZONE_RECORDSETS: '-1',
      QUOTA_ZONE_RECORDS: '-1',
      QUOTA_API_EXPORT_SIZE: '-1',
      RATE_LIMIT_PER_MINUTE: '0',
    },
    token,
    /** Tokens of `count` more projects, one each. */
    projectTokens: (count) => issue(Array.from({ length: count }, (_, i) => `bench-${i}`)),
    /** VACUUM ANALYZE of the bench database: the state autovacuum reaches on its own. */
    async vacuum() {
      const client = new Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await client.query('VACUUM ANALYZE');
      } finally {
        await client.end();
      }
    },
    async cleanup() {
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await deleteNamespace(namespace, AMQP_URL).catch(() => undefined);
    },
  };
}

const autocannon = require('autocannon');

/** One autocannon run at BENCH_CONNECTIONS for BENCH_DURATION seconds, printed as a line. */
function measure(title, options) {
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration, ...options }, (error, result) => {
      if (error) return reject(error);
      const failures = result.non2xx + result.errors;
      console.log(
        `  ${title.padEnd(56)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms${failures ? `   (${failures} errors/non-2xx)` : ''}`,
      );
      resolve(result);
    });
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** A line with the median and p99 of `times` (ms). */
function printLatencies(title, times) {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `  ${title.padEnd(32)} median ${String(percentile(sorted, 50)).padStart(5)} ms   p99 ${String(percentile(sorted, 99)).padStart(5)} ms`,
  );
}

/**
 * POSTs `count` zones `p<i>.bench.test.` to `base`, `concurrency` at a time; `created(zone, startedAt)`
 * runs (and is awaited) for each before that worker creates the next.
 */
async function createZones(base, headers, count, concurrency, created) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const name = `p${next++}.bench.test.`;
        const startedAt = Date.now();
        const response = await fetch(`${base}/v2/zones`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name, email: 'a@bench.test' }),
        });
        await created(await response.json(), startedAt);
      }
    }),
  );
}

/** Milliseconds from `started` until `server` answers the zone's SOA with `serial` or later (Infinity after 30 s). */
async function answeredAfter(server, zone, serial, started) {
  for (;;) {
    const state = await querySoa(server, zone, 500).catch(() => ({ present: false }));
    if (state.present && state.serial >= serial) return Date.now() - started;
    if (Date.now() - started > 30_000) return Infinity;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

module.exports = { benchEnvironment, measure, percentile, printLatencies, createZones, answeredAfter };
