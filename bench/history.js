// The zone history's costs: a 1,000-action batch from POST until mini-dns answers its serial, IXFR against
// AXFR of a 10,000-record zone after one change, and a page of a zone's history (first, deep, filtered, by
// serial) at 1,000 and at 1,000,000 changes of the zone — keyset pages, so the figures should match.
const { execFileSync } = require('node:child_process');
const { Client } = require('pg');
const { defaultPools } = require('@zonewarden/config');
const { freePort, startApp } = require('@zonewarden/testing');
const { answeredAfter, benchEnvironment, printLatencies, sampleLatencies } = require('./support');

const BATCHES = Number(process.env.BENCH_HISTORY_BATCHES ?? 20);
const ACTIONS = 1000;
const LARGE = Number(process.env.BENCH_HISTORY_CHANGES ?? 1_000_000);
const SMALL = 1000;

/** A batch that sets ACTIONS A record sets of the zone (`h<first>` on) to one more address each round. */
const batchOf = (zone, round, first = 0) => ({
  comment: `bench round ${round}`,
  changes: Array.from({ length: ACTIONS }, (_, i) => ({
    action: 'UPSERT',
    name: `h${first + i}.${zone}`,
    type: 'A',
    records: [`192.0.2.${round % 250}`],
  })),
});

async function batchesServed(base, headers, dnsPort) {
  const zone = await (
    await fetch(`${base}/v2/zones`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'batch.bench.test.', email: 'a@bench.test' }),
    })
  ).json();
  const posted = [];
  const served = [];
  for (let round = 0; round < BATCHES; round++) {
    const started = Date.now();
    const response = await fetch(`${base}/v2/zones/${zone.id}/changes`, {
      method: 'POST',
      headers,
      body: JSON.stringify(batchOf(zone.name, round)),
    });
    const change = await response.json();
    if (response.status !== 201) throw new Error(`batch refused: ${JSON.stringify(change).slice(0, 300)}`);
    posted.push(Date.now() - started);
    served.push(await answeredAfter({ host: '127.0.0.1', port: dnsPort }, zone.name, change.serial, started));
  }
  console.log(`history: ${BATCHES} batches of ${ACTIONS} UPSERTs, one after another`);
  printLatencies('POST (applied, answered)', posted);
  printLatencies('POST until mini-dns serves it', served);
}

const TRANSFER_RECORDS = 10_000;
const TRANSFERS = 20;

/** Records, messages and octets of a transfer by `dig`, and the time it took (dig's query time, ms). */
function digTransfer(dnsPort, zone, type) {
  const out = execFileSync('dig', ['@127.0.0.1', '-p', String(dnsPort), zone, type, '+noall', '+stats'], {
    encoding: 'utf8',
  });
  const [, records, messages, bytes] = /XFR size: (\d+) records \(messages (\d+), bytes (\d+)\)/.exec(out);
  const ms = Number(/Query time: (\d+) msec/.exec(out)[1]);
  return { records: Number(records), messages: Number(messages), bytes: Number(bytes), ms };
}

/** IXFR (one change: the difference) against AXFR (the whole zone) of a zone of TRANSFER_RECORDS records. */
async function ixfrAgainstAxfr(base, headers, dnsPort) {
  const post = async (url, body) => {
    const response = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = await response.json();
    if (response.status >= 300) throw new Error(`${url}: ${JSON.stringify(json).slice(0, 300)}`);
    return json;
  };
  const zone = await post('/v2/zones', { name: 'ixfr.bench.test.', email: 'a@bench.test' });
  let change;
  for (let round = 0; round < TRANSFER_RECORDS / ACTIONS; round++)
    change = await post(`/v2/zones/${zone.id}/changes`, batchOf(zone.name, round, round * ACTIONS));
  await answeredAfter({ host: '127.0.0.1', port: dnsPort }, zone.name, change.serial, Date.now());
  const from = change.serial;
  change = await post(`/v2/zones/${zone.id}/changes`, {
    changes: [{ action: 'UPSERT', name: `h0.${zone.name}`, type: 'A', records: ['198.51.100.1'] }],
  });
  await answeredAfter({ host: '127.0.0.1', port: dnsPort }, zone.name, change.serial, Date.now());
  console.log(
    `history: IXFR of one change against AXFR, a zone of ${TRANSFER_RECORDS} A records, dig × ${TRANSFERS}`,
  );
  const medians = {};
  for (const type of [`IXFR=${from}`, 'AXFR']) {
    const runs = Array.from({ length: TRANSFERS }, () => digTransfer(dnsPort, zone.name, type));
    const times = runs.map((run) => run.ms).sort((a, b) => a - b);
    const { records, messages, bytes } = runs[0];
    medians[type.slice(0, 4)] = { bytes, ms: times[Math.floor(times.length / 2)] };
    console.log(
      `  ${type.slice(0, 4)}: ${records} records, ${messages} messages, ${bytes} bytes; median ${medians[type.slice(0, 4)].ms} ms, max ${times[times.length - 1]} ms`,
    );
  }
  console.log(
    `  IXFR/AXFR: ${((100 * medians.IXFR.bytes) / medians.AXFR.bytes).toFixed(2)}% of the bytes, median ${medians.IXFR.ms} ms against ${medians.AXFR.ms} ms`,
  );
}

/** `count` history entries of a new zone, written straight into the table (the door's rows, in bulk). */
async function zoneWithHistory(base, headers, databaseUrl, name, count) {
  const zone = await (
    await fetch(`${base}/v2/zones`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name, email: 'a@bench.test' }),
    })
  ).json();
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO zone_history (id, zone_id, source, actor_project_id, actor, comment, previous_serial, serial, rrsets, created_at)
       SELECT gen_random_uuid(), $1::uuid, CASE WHEN i % 10 = 0 THEN 'api' ELSE 'batch' END, 'bench',
         '{"user_id": "bench", "project_id": "bench", "roles": ["member"], "request_id": null, "key_name": null}'::jsonb,
         NULL, $2::bigint + i, $2::bigint + i + 1,
         jsonb_build_array(jsonb_build_object('name', 'h' || i || '.' || $3, 'type', 'A', 'before', NULL,
           'after', jsonb_build_object('ttl', NULL, 'records', jsonb_build_array('192.0.2.1')))),
         timestamp '2026-01-01' + i * interval '1 millisecond'
       FROM generate_series(1, $4::int) AS i`,
      [zone.id, zone.serial, name, count],
    );
    await db.query('ANALYZE zone_history');
    const { rows } = await db.query(
      `SELECT id FROM zone_history WHERE zone_id = $1 ORDER BY created_at, id OFFSET $2 LIMIT 1`,
      [zone.id, Math.floor(count / 2)],
    );
    return { id: zone.id, middle: rows[0].id };
  } finally {
    await db.end();
  }
}

async function historyPages(base, headers, databaseUrl) {
  const sizes = [SMALL, LARGE];
  const medians = {};
  console.log(
    `history: GET …/changes?limit=20, 8 connections, 5 s each, at ${SMALL} and ${LARGE} changes of one zone`,
  );
  for (const size of sizes) {
    const zone = await zoneWithHistory(base, headers, databaseUrl, `h${size}.bench.test.`, size);
    const pages = {
      first: '',
      deep: `&marker=${zone.middle}`,
      'source=api': '&source=api',
      'by serial, desc': '&sort_key=serial&sort_dir=desc',
    };
    for (const [what, query] of Object.entries(pages)) {
      const url = `${base}/v2/zones/${zone.id}/changes?limit=20${query}`;
      const { times } = await sampleLatencies(
        `${size} changes, ${what}`,
        async () => (await fetch(url, { headers })).ok,
        { connections: 8, seconds: 5 },
      );
      const sorted = times.sort((a, b) => a - b);
      medians[`${size} ${what}`] = sorted[Math.floor(sorted.length / 2)];
    }
  }
  for (const what of ['first', 'deep', 'source=api', 'by serial, desc'])
    console.log(
      `  ${what.padEnd(20)} median at ${LARGE} / at ${SMALL}: ${(medians[`${LARGE} ${what}`] / medians[`${SMALL} ${what}`]).toFixed(2)}x`,
    );
}

module.exports = async function benchHistory() {
  const [dnsPort, apiPort] = [await freePort(), await freePort()];
  const bench = await benchEnvironment(defaultPools({ host: '127.0.0.1', port: dnsPort }));
  const env = { ...bench.env, MINIDNS_PORT: String(dnsPort), API_PORT: String(apiPort) };
  const apps = [];
  try {
    apps.push(await startApp('api-gateway', env), await startApp('mini-dns', env));
    const base = `http://127.0.0.1:${apiPort}`;
    const headers = { 'X-Auth-Token': bench.token, 'Content-Type': 'application/json' };
    await batchesServed(base, headers, dnsPort);
    await ixfrAgainstAxfr(base, headers, dnsPort);
    await historyPages(base, headers, env.DATABASE_URL);
  } finally {
    for (const app of apps) await app.stop();
    await bench.cleanup();
  }
};
