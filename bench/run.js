#!/usr/bin/env node
// `npm run bench`: starts the built api-gateway against the real PostgreSQL and RabbitMQ (its own
// database and AMQP namespace), then measures it with autocannon on loopback and prints the figures.
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const net = require('node:net');
const path = require('node:path');
const autocannon = require('autocannon');
const amqplib = require('amqplib');
const { Client } = require('pg');
const {
  PrismaService,
  PoolsRepository,
  TokensRepository,
  defaultPools,
  migrateDatabase,
} = require('@zonewarden/persistence');
const { consumerQueues, deadLetterQueueName, messagingTopology } = require('@zonewarden/contracts');

const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const AMQP_URL = process.env.BENCH_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const SEED_ZONES = 1000;

const suffix = randomBytes(4).toString('hex');
const database = `zw_bench_${suffix}`;
const namespace = `zwbench.${suffix}`;

async function admin(sql) {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`gateway did not answer at ${url}`);
}

function run(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options }, (error, result) => {
      if (error) return reject(error);
      const non2xx = result.non2xx + result.errors;
      console.log(
        `${title.padEnd(28)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   ${non2xx ? `(${non2xx} errors/non-2xx)` : ''}`,
      );
      resolve(result);
    });
  });
}

async function main() {
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${database}`;
  await admin(`CREATE DATABASE ${database}`);
  let gateway;
  try {
    await migrateDatabase(databaseUrl.toString());
    const prisma = new PrismaService({ url: databaseUrl.toString(), poolSize: 2 });
    await new PoolsRepository(prisma).sync(defaultPools({ host: '127.0.0.1', port: 5354 }));
    const { token } = await new TokensRepository(prisma).issue({
      projectId: 'bench',
      userId: 'bench',
      roles: ['member'],
    });
    await prisma.close();

    const port = await freePort();
    gateway = spawn(process.execPath, [path.join(__dirname, '../apps/api-gateway/dist/main.js')], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl.toString(),
        AMQP_URL,
        AMQP_NAMESPACE: namespace,
        API_PORT: String(port),
        AUTH_STRATEGY: 'token',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/v2/zones`, 30_000);
    const headers = { 'X-Auth-Token': token, 'Content-Type': 'application/json' };

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

    console.log(
      `api-gateway on loopback, ${CONNECTIONS} connections, ${DURATION_S} s each, ${SEED_ZONES} zones stored`,
    );
    let n = 0;
    await run('GET /v2/zones/{id}', {
      url: base,
      headers,
      requests: [{ setupRequest: (req) => ({ ...req, path: `/v2/zones/${ids[n++ % ids.length]}` }) }],
    });
    await run('GET /v2/zones?limit=20', { url: `${base}/v2/zones?limit=20`, headers });
    let created = 0;
    await run('POST /v2/zones', {
      url: base,
      headers,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            path: '/v2/zones',
            body: JSON.stringify({ name: `new${created++}.bench.test.`, email: 'a@bench.test' }),
          }),
        },
      ],
    });
  } finally {
    gateway?.kill('SIGTERM');
    await new Promise((resolve) => (gateway ? gateway.once('exit', resolve) : resolve()));
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    const connection = await amqplib.connect(AMQP_URL);
    const channel = await connection.createChannel();
    const topology = messagingTopology(namespace);
    for (const queue of consumerQueues(topology)) {
      await channel.deleteQueue(queue.name);
      await channel.deleteQueue(deadLetterQueueName(queue.name));
    }
    await channel.deleteExchange(topology.eventsExchange);
    await channel.deleteExchange(topology.deadLetterExchange);
    await connection.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
