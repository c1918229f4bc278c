// Shared by the benchmarks: a private database and AMQP namespace on the local servers, cleaned up after.
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');
const {
  PrismaService,
  PoolsRepository,
  TokensRepository,
  migrateDatabase,
} = require('@zonewarden/persistence');
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
  const prisma = new PrismaService({ url: url.toString(), poolSize: 2 });
  await new PoolsRepository(prisma).sync(pools);
  const { token } = await new TokensRepository(prisma).issue({
    projectId: 'bench',
    userId: 'bench',
    roles: ['member'],
  });
  await prisma.close();
  const namespace = `zwbench.${suffix}`;
  return {
    env: { DATABASE_URL: url.toString(), AMQP_URL, AMQP_NAMESPACE: namespace, AUTH_STRATEGY: 'token' },
    token,
    async cleanup() {
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await deleteNamespace(namespace, AMQP_URL).catch(() => undefined);
    },
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

module.exports = { benchEnvironment, percentile };
