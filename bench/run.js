#!/usr/bin/env node
// `npm run bench [all-in-one|api|dnssec|imports|mini-dns|propagation|recordsets|zonefiles …]`: runs the benchmarks against the local PostgreSQL and
// RabbitMQ (each in its own database and AMQP namespace) and prints the figures. Loopback only.
const SUITES = {
  'all-in-one': require('./all-in-one'),
  api: require('./api'),
  imports: require('./imports'),
  dnssec: require('./dnssec'),
  'mini-dns': require('./mini-dns'),
  propagation: require('./propagation'),
  recordsets: require('./recordsets'),
  zonefiles: require('./zonefiles'),
};

async function main(names) {
  for (const name of names.length ? names : Object.keys(SUITES)) {
    if (!SUITES[name])
      throw new Error(`unknown benchmark '${name}'; known: ${Object.keys(SUITES).join(', ')}`);
    await SUITES[name]();
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
