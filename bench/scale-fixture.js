// The data of `npm run bench scale`, written straight into the tables by SQL rather than through the API
// (which would take days for a million zones): zone i is `z<i>.scale.test.`, ACTIVE with nothing pending
// (so served by mini-dns), with its SOA and NS record sets and those of SERVED_ZONE_RECORDSETS plus an SRV:
// 10 records in 9 record sets. Zones 0 to 49,999 belong to the benchmark token's project, the others to
// 1,000 projects in turn. Each batch is one `INSERT … SELECT … FROM generate_series` per table, ids derived
// from i (md5), with triggers and foreign-key checks off (`session_replication_role = replica`) and the
// tables' indexes other than primary keys dropped during the load and built again after it.
const { Client } = require('pg');
const { DEFAULT_POOL_ID } = require('@zonewarden/config');
const { soaRecordData } = require('@zonewarden/dns');
const { SERVED_ZONE_RECORDSETS } = require('./support');

/** The benchmark token's project (support.js) holds the first zones, as a large customer would. */
const BIG_PROJECT = 'bench';
const BIG_PROJECT_ZONES = 50_000;
const OTHER_PROJECTS = 1_000;
const BATCH_ZONES = 20_000;
const EMAIL = 'hostmaster@scale.test';

const zoneName = (i) => `z${i}.scale.test.`;

/** `@` is the zone's name in names and data, `#` its serial in the SOA. */
function recordSetTemplates(nameservers) {
  return [
    { name: '@', type: 'SOA', managed: true, records: [soaRecordData(nameservers[0], EMAIL, '#')] },
    { name: '@', type: 'NS', managed: true, records: nameservers },
    ...SERVED_ZONE_RECORDSETS.map((set) => ({ ...set, managed: false })),
    { name: '_sip._tcp.@', type: 'SRV', managed: false, records: ['10 60 5060 sip.@'] },
  ];
}

// Per zone i (a bigint from generate_series), as the API would have stored it, with variety in the sort keys.
const ZONE_NAME = `'z' || i || '.scale.test.'`;
/**
 * A UUID of version 4's form from the hash of `seed`, as the API's ids are: the zone events carry the zone
 * id, and their contract (IsUUID) refuses a bare md5 (its version nibble is anything), so pool-manager
 * would dead-letter every event of a loaded zone and leave it to the reconciler.
 */
const uuidFrom = (seed) => `overlay(overlay(md5(${seed}) placing '4' from 13) placing '8' from 17)::uuid`;
const ZONE_ID = uuidFrom(`'zone' || i`);
const RECORDSET_ID = uuidFrom(`'recordset' || i || '.' || k`);
const PROJECT = `CASE WHEN i < ${BIG_PROJECT_ZONES} THEN '${BIG_PROJECT}' ELSE 'project-' || ((i - ${BIG_PROJECT_ZONES}) % ${OTHER_PROJECTS}) END`;
const CREATED_AT = `timestamp '2026-01-01' + i * interval '1 second'`;
const SERIAL = `2026010100 + i % 100`;

async function insertBatch(client, from, to, templates) {
  const unmanaged = templates.filter((set) => !set.managed);
  const sets = templates.map((set, k) => ({ ...set, k }));
  const records = sets.flatMap((set) => set.records.map((data) => ({ k: set.k, data })));
  const range = `generate_series($1::bigint, $2::bigint - 1) AS i`;
  await client.query('BEGIN');
  try {
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(
      `INSERT INTO zones (id, project_id, pool_id, name, email, ttl, serial, status, action, type,
         created_at, updated_at, action_at, recordset_count, record_count)
       SELECT ${ZONE_ID}, ${PROJECT}, $3::uuid, ${ZONE_NAME}, $4, (ARRAY[300, 3600, 86400])[1 + i % 3],
         ${SERIAL}, 'ACTIVE', 'NONE', 'PRIMARY', ${CREATED_AT},
         CASE WHEN i % 2 = 0 THEN ${CREATED_AT} + interval '1 day' END, ${CREATED_AT}, $5, $6
       FROM ${range}`,
      [
        from,
        to,
        DEFAULT_POOL_ID,
        EMAIL,
        unmanaged.length,
        unmanaged.reduce((sum, set) => sum + set.records.length, 0),
      ],
    );
    await client.query(
      `INSERT INTO recordsets (id, zone_id, project_id, name, type, managed, status, action, created_at)
       SELECT ${RECORDSET_ID}, ${ZONE_ID}, ${PROJECT}, replace(s.name, '@', ${ZONE_NAME}), s.type, s.managed,
         'ACTIVE', 'NONE', ${CREATED_AT}
       FROM ${range} CROSS JOIN unnest($3::int[], $4::text[], $5::text[], $6::boolean[]) AS s(k, name, type, managed)`,
      [
        from,
        to,
        sets.map((set) => set.k),
        sets.map((set) => set.name),
        sets.map((set) => set.type),
        sets.map((set) => set.managed),
      ],
    );
    await client.query(
      `INSERT INTO records (id, recordset_id, data, created_at)
       SELECT gen_random_uuid(), ${RECORDSET_ID}, replace(replace(r.data, '@', ${ZONE_NAME}), '#', (${SERIAL})::text),
         ${CREATED_AT}
       FROM ${range} CROSS JOIN unnest($3::int[], $4::text[]) AS r(k, data)`,
      [from, to, records.map((record) => record.k), records.map((record) => record.data)],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Drops the indexes of the loaded tables that back no constraint (all but the primary keys), returning
 * their definitions: maintaining some forty indexes row by row, most on random ids, made the load slow
 * down past 200,000 zones to some 100 s per batch; built once from sorted data they take minutes.
 */
async function dropIndexes(client) {
  const { rows } = await client.query(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i
     WHERE i.indrelid IN ('zones'::regclass, 'recordsets'::regclass, 'records'::regclass)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
  );
  for (const index of rows) await client.query(`DROP INDEX ${index.name}`);
  return rows;
}

/** Builds the indexes dropIndexes dropped, with memory enough to sort a table's keys at once. */
async function createIndexes(client, indexes) {
  await client.query(`SET maintenance_work_mem = '1GB'`);
  for (const index of indexes) await client.query(index.definition);
  await client.query('RESET maintenance_work_mem');
}

/**
 * Adds zones `from` to `to - 1` to the database at `databaseUrl` in batches (`progress(done)` after each),
 * then lets the maintenance functions of the schema catch up with what the disabled triggers did not see
 * (per-project counters, where the schema has them) and refreshes the planner's statistics and the
 * visibility map (VACUUM ANALYZE), as autovacuum would in time.
 */
async function loadScaleZones(databaseUrl, from, to, progress = () => undefined) {
  const client = new Client({ connectionString: databaseUrl });
  // Ctrl-C drops the database under it: the query under way fails anyway, the event must not crash.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT hostname FROM pool_ns_records WHERE pool_id = $1::uuid ORDER BY priority, hostname',
      [DEFAULT_POOL_ID],
    );
    const templates = recordSetTemplates(rows.map((row) => row.hostname));
    const indexes = await dropIndexes(client);
    for (let start = from; start < to; start += BATCH_ZONES) {
      const end = Math.min(to, start + BATCH_ZONES);
      await insertBatch(client, start, end, templates);
      progress(end);
    }
    await createIndexes(client, indexes);
    const recount = await client.query(
      `SELECT to_regproc('zonewarden_recount_projects') IS NOT NULL AS present`,
    );
    if (recount.rows[0].present) await client.query('SELECT zonewarden_recount_projects()');
    await client.query('VACUUM ANALYZE zones, recordsets, records');
  } finally {
    await client.end();
  }
}

module.exports = { BIG_PROJECT, BIG_PROJECT_ZONES, zoneName, loadScaleZones };
