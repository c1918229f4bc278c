#!/usr/bin/env node
// `npm run bench [all-in-one|api|dnssec|history|imports|mini-dns|propagation|recordsets|updates|zonefiles|scale …]`: runs the benchmarks against the local PostgreSQL and
// RabbitMQ (each in its own database and AMQP namespace) and prints the figures. Loopback only.
// `scale` (about 15 minutes and 6 GB at its default size) runs only when named.
const ON_REQUEST = { scale: require('./scale') };
const SUITES = {
  'all-in-one': require('./all-in-one'),
  api: require('./api'),
  history: require('./history'),
  imports: require('./imports'),
  dnssec: require('./dnssec'),
  'mini-dns': require('./mini-dns'),
  propagation: require('./propagation'),
  recordsets: require('./recordsets'),
  updates: require('./updates'),
  zonefiles: require('./zonefiles'),
};

async function main(names) {
  const known = { ...SUITES, ...ON_REQUEST };
  for (const name of names.length ? names : Object.keys(SUITES)) {
    if (!known[name]) throw new Error(`unknown benchmark '${name}'; known: ${Object.keys(known).join(', ')}`);
    await known[name]();
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
