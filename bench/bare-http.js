// The yardsticks of `npm run bench -- api`: a bare Node `http` server answering every request with a fixed JSON
// body the size of a zone, in `workers` node:cluster workers as the gateway's API_WORKERS; or (`nest`) the
// smallest NestJS app on express answering `GET /v2/zones/:id` with that body: the framework's own ceiling,
// with none of the gateway's middlewares, guards or storage.
// `node bench/bare-http.js <port> [workers] [http|nest]`; prints "listening on" once every worker listens.
const cluster = require('node:cluster');
const http = require('node:http');

const port = Number(process.argv[2]);
const workers = Number(process.argv[3] ?? 1);
const kind = process.argv[4] ?? 'http';
const BODY = JSON.stringify({
  id: '0b6f0b3e-6f7a-4c7e-9b1e-2f3d4c5b6a79',
  pool_id: '794ccc2c-d751-44fe-b57f-8894c9f5c842',
  project_id: 'bench',
  name: 'seed1.bench.test.',
  email: 'a@bench.test',
  description: null,
  ttl: 3600,
  serial: 1764112345,
  status: 'ACTIVE',
  action: 'NONE',
  version: 1,
  attributes: {},
  type: 'PRIMARY',
  masters: [],
  created_at: '2026-11-26T01:00:00.000000',
  updated_at: null,
  transferred_at: null,
  shared: false,
  links: { self: 'http://127.0.0.1/v2/zones/0b6f0b3e-6f7a-4c7e-9b1e-2f3d4c5b6a79' },
});

if (cluster.isPrimary && workers > 1) {
  let listening = 0;
  cluster.on('listening', () => ++listening === workers && console.log(`listening on ${port}`));
  for (let i = 0; i < workers; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers)) worker.kill();
    process.exit(0);
  });
} else if (kind === 'nest') {
  listenNest().then(() => cluster.isPrimary && console.log(`listening on ${port}`));
} else {
  http
    .createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(BODY) });
      res.end(BODY);
    })
    .listen(port, '127.0.0.1', () => cluster.isPrimary && console.log(`listening on ${port}`));
}

/** One module, one controller, one route; decorators applied by hand (this file is plain JavaScript). */
async function listenNest() {
  const { Controller, Get, Module } = require('@nestjs/common');
  const { NestFactory } = require('@nestjs/core');
  const zone = JSON.parse(BODY);
  class ZonesController {
    get() {
      return zone;
    }
  }
  Get(':id')(
    ZonesController.prototype,
    'get',
    Object.getOwnPropertyDescriptor(ZonesController.prototype, 'get'),
  );
  Controller('v2/zones')(ZonesController);
  class AppModule {}
  Module({ controllers: [ZonesController] })(AppModule);
  const app = await NestFactory.create(AppModule, { logger: false });
  // As the gateway (app.factory.ts): no ETag hashing of each body, no X-Powered-By.
  const server = app.getHttpAdapter().getInstance();
  server.disable('x-powered-by');
  server.set('etag', false);
  await app.listen(port, '127.0.0.1');
}
