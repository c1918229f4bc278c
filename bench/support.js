// Shared by the benchmarks: a private database and AMQP namespace on the local servers, cleaned up after.
const { execFileSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
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

/**
 * Creates a migrated database with the given pools and API tokens (`token`: a member of project `bench`,
 * `adminToken`: an admin); returns its settings and a cleanup.
 */
async function benchEnvironment(pools) {
  const suffix = randomBytes(4).toString('hex');
  const database = `zw_bench_${suffix}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  await admin(`CREATE DATABASE ${database}`);
  await migrateDatabase(url.toString());
  const issue = async (projectIds, roles = ['member']) => {
    const prisma = new PrismaService({ url: url.toString(), poolSize: 2 });
    try {
      const tokens = new TokensRepository(prisma);
      const issued = [];
      for (const projectId of projectIds)
        issued.push((await tokens.issue({ projectId, userId: 'bench', roles })).token);
      return issued;
    } finally {
      await prisma.close();
    }
  };
  const prisma = new PrismaService({ url: url.toString(), poolSize: 2 });
  await new PoolsRepository(prisma).sync(pools);
  await prisma.close();
  const [token] = await issue(['bench']);
  const [adminToken] = await issue(['admin'], ['admin']);
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
    adminToken,
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
 * Latencies (ms) of `request()`, which resolves to whether it succeeded, called one after another by
 * `connections` workers for `seconds` (or `count` calls in all, if that comes first). A request still in
 * flight when the time is up is waited for and counted: one slower than the whole run still gives a figure
 * (autocannon's `measure` would drop it). Returns the times, how many failed and the seconds it all took.
 */
async function collectLatencies(request, { connections, seconds, count = Infinity }) {
  const times = [];
  let failures = 0;
  let started = 0;
  const begin = performance.now();
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (started < count && (started < connections || Date.now() < end)) {
        const at = performance.now();
        const ok = await request(started++).catch(() => false);
        times.push(Math.round((performance.now() - at) * 10) / 10);
        if (!ok) failures++;
      }
    }),
  );
  return { times, failures, seconds: (performance.now() - begin) / 1000 };
}

/** collectLatencies, printed as a line (the median and p99, how many and how many failed). */
async function sampleLatencies(title, request, options) {
  const { times, failures } = await collectLatencies(request, options);
  printLatencies(`${title} (${times.length}${failures ? `, ${failures} failed` : ''})`, times);
  return { times, failures };
}

/**
 * POSTs `count` zones `<prefix><i>.bench.test.` to `base`, `concurrency` at a time; `created(zone, startedAt)`
 * runs (and is awaited) for each before that worker creates the next.
 */
async function createZones(base, headers, count, concurrency, created, prefix = 'p') {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const name = `${prefix}${next++}.bench.test.`;
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

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * One dnsperf run over UDP against `port` for `seconds` (BENCH_DURATION by default; `flags`: more dnsperf
 * options, e.g. `-D` for the DO bit, `-u` for updates): answers/s, answers, the response codes, and the
 * server's (`pid`) CPU seconds meanwhile.
 */
function dnsperf(
  port,
  queryFile,
  pid,
  { seconds = Number(process.env.BENCH_DURATION ?? 10), flags = [] } = {},
) {
  const cpuBefore = cpuSeconds(pid);
  const output = execFileSync(
    'dnsperf',
    ['-s', '127.0.0.1', '-p', String(port), '-d', queryFile, '-l', String(seconds), '-q', '200', ...flags],
    { encoding: 'utf8' },
  );
  const cpu = cpuSeconds(pid) - cpuBefore;
  // `-u` counts Updates where queries count Queries.
  const number = (label) => Number(new RegExp(`(?:Queries|Updates) ${label}:\\s+([\\d.]+)`).exec(output)[1]);
  const codes = /Response codes:\s+(.*)/.exec(output)[1];
  return { rate: number('per second'), answers: number('completed'), cpu, codes, output };
}

/** The run with the most answers/s. */
const bestRun = (runs) => runs.reduce((a, b) => (b.rate > a.rate ? b : a));

/** The zone as a zonefile, from an AXFR of it at `port` (what BIND loads to serve the same zone). */
function axfrZonefile(port, zone) {
  const axfr = execFileSync('dig', ['@127.0.0.1', '-p', String(port), zone, 'AXFR', '+nocmd', '+nostats'], {
    encoding: 'utf8',
  });
  // The transfer ends with the SOA again: once is enough in a zonefile.
  return axfr.trim().split('\n').slice(0, -1).join('\n') + '\n';
}

/**
 * The record sets of a benchmark zone beside its SOA and NS (`@` stands for the zone's name), which
 * `queryLines` asks for.
 */
const SERVED_ZONE_RECORDSETS = [
  { name: 'www.@', type: 'A', records: ['192.0.2.1', '192.0.2.2'] },
  { name: 'mail.@', type: 'A', records: ['192.0.2.25'] },
  { name: '@', type: 'MX', records: ['10 mail.@'] },
  { name: '@', type: 'TXT', records: ['"v=spf1 mx -all"'] },
  { name: '*.dyn.@', type: 'A', records: ['192.0.2.99'] },
  { name: 'ftp.@', type: 'CNAME', records: ['www.@'] },
];

/** dnsperf's query lines for zones holding SERVED_ZONE_RECORDSETS: hits (A, MX with additional data, SOA, wildcard, CNAME), NODATA and NXDOMAIN. */
function queryLines(zones) {
  const lines = [];
  for (const zone of zones) {
    lines.push(
      `www.${zone} A`,
      `${zone} MX`,
      `${zone} SOA`,
      `host${lines.length}.dyn.${zone} A`,
      `ftp.${zone} A`,
      `www.${zone} AAAA`,
      `nope.${zone} A`,
    );
  }
  return lines.join('\n') + '\n';
}

module.exports = {
  benchEnvironment,
  measure,
  percentile,
  printLatencies,
  collectLatencies,
  sampleLatencies,
  createZones,
  answeredAfter,
  cpuSeconds,
  dnsperf,
  bestRun,
  axfrZonefile,
  SERVED_ZONE_RECORDSETS,
  queryLines,
};
