// The yardstick of `npm run bench -- api`: a bare Node `http` server answering every request with a fixed JSON
// body the size of a zone, in `workers` node:cluster workers as the gateway's API_WORKERS.
// `node bench/bare-http.js <port> [workers]`; prints "listening on" once every worker listens.
const cluster = require('node:cluster');
const http = require('node:http');

const [port, workers = 1] = process.argv.slice(2).map(Number);
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
} else {
  http
    .createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(BODY) });
      res.end(BODY);
    })
    .listen(port, '127.0.0.1', () => cluster.isPrimary && console.log(`listening on ${port}`));
}
