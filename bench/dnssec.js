// DNSSEC, two parts.
// Signing beside BIND's dnssec-signzone in the same run: the same generated zone of 10,000 and 100,000
// records (BENCH_DNSSEC_SIZES), signed whole by our ZoneSigner and by dnssec-signzone (both with a KSK and a
// ZSK of the same algorithm, NSEC), then one change set (a new name and the SOA) re-signed incrementally by
// ours. Wall time of each (both on one thread).
// Serving: a zone of a few hundred names signed through the API, served by mini-dns and by BIND 9 (loaded
// from mini-dns's AXFR); dnsperf with and without the DO bit on each: answers/s and CPU per answer.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { defaultPools } = require('@zonewarden/config');
const { generateZoneKey, querySoa, ZoneSigner } = require('@zonewarden/dns');
const { freePort, startApp, startBindPrimary, waitFor } = require('@zonewarden/testing');
const { axfrZonefile, benchEnvironment, bestRun, dnsperf } = require('./support');

const ZONE = 'bench.test.';
const SIZES = (process.env.BENCH_DNSSEC_SIZES ?? '10000,100000').split(',').map(Number);
const ALGORITHMS = [
  { name: 'ECDSAP256SHA256', bind: 'ECDSAP256SHA256' },
  { name: 'ED25519', bind: 'ED25519' },
];

/** A zone of `records` records: the apex, then names with A, AAAA, MX and TXT records in turn. */
function generatedZone(records) {
  const rrsets = [
    {
      name: ZONE,
      type: 'SOA',
      ttl: 3600,
      records: [`ns1.${ZONE} hostmaster.${ZONE} 1 3600 600 86400 300`],
    },
    { name: ZONE, type: 'NS', ttl: 3600, records: [`ns1.${ZONE}`, `ns2.${ZONE}`] },
  ];
  const kinds = [
    (i) => ({ type: 'A', records: [`198.51.${(i >> 8) & 255}.${i & 255}`] }),
    // Two groups: one is too small for the 100,000-record zone's numbers.
    (i) => ({ type: 'AAAA', records: [`2001:db8::${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}`] }),
    (i) => ({ type: 'MX', records: [`10 mail${i}.${ZONE}`] }),
    (i) => ({ type: 'TXT', records: [`"record ${i}"`] }),
  ];
  for (let i = 0; rrsets.length < records; i++)
    rrsets.push({ name: `h${i}.${ZONE}`, ttl: 300, ...kinds[i % kinds.length](i) });
  return rrsets;
}

const zonefile = (rrsets) =>
  rrsets.flatMap((s) => s.records.map((data) => `${s.name} ${s.ttl} IN ${s.type} ${data}\n`)).join('');

/** Wall seconds of `run`. */
function timed(run) {
  const started = process.hrtime.bigint();
  const result = run();
  return { result, wall: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** dnssec-signzone on the zonefile with a fresh KSK and ZSK, on one thread as ours: wall seconds. */
function bindSigning(work, algorithm, file) {
  const keys = fs.mkdtempSync(path.join(work, 'keys-'));
  const keygen = (...flags) =>
    execFileSync('dnssec-keygen', ['-q', '-K', keys, '-a', algorithm, ...flags, ZONE]);
  keygen('-f', 'KSK');
  keygen();
  const started = process.hrtime.bigint();
  // -S (smart signing) publishes the keys found in the key folder and signs with them.
  execFileSync(
    'dnssec-signzone',
    ['-q', '-S', '-n', '1', '-K', keys, '-o', ZONE, '-f', `${file}.signed`, file],
    // In the work folder: it writes the zone's dsset- file where it runs.
    { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function benchSigning() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-bench-dnssec-'));
  try {
    console.log('DNSSEC signing: a whole zone, ours (ZoneSigner) beside dnssec-signzone -n 1 (one thread)');
    for (const size of SIZES) {
      const rrsets = generatedZone(size);
      const file = path.join(work, `zone-${size}`);
      fs.writeFileSync(file, zonefile(rrsets));
      for (const algorithm of ALGORITHMS) {
        const keys = [generateZoneKey('KSK', algorithm.name), generateZoneKey('ZSK', algorithm.name)];
        const signer = new ZoneSigner({ zone: ZONE, keys });
        const whole = timed(() => signer.signZone(rrsets));
        const change = timed(() =>
          signer.applyChange({
            upsert: [
              { ...rrsets[0], records: [`ns1.${ZONE} hostmaster.${ZONE} 2 3600 600 86400 300`] },
              { name: `new.${ZONE}`, type: 'A', ttl: 300, records: ['192.0.2.1'] },
            ],
          }),
        );
        const bind = bindSigning(work, algorithm.bind, file);
        console.log(
          `  ${String(size).padStart(7)} records ${algorithm.name.padEnd(16)} ours ${whole.wall.toFixed(2).padStart(6)} s (${whole.result.length} signer records)   dnssec-signzone ${bind.toFixed(2).padStart(6)} s   ratio ${(whole.wall / bind).toFixed(2)}×   one change set ${(change.wall * 1000).toFixed(1)} ms`,
        );
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const SERVED = 'served.bench.test.';
const SERVED_NAMES = 300;
const ROUNDS = 2;

/** The served zone through the API: hosts with A (every third AAAA too), MX, TXT, a wildcard; then signed. */
async function createSignedZone(api, headers) {
  const post = async (url, body, method = 'POST') => {
    const response = await fetch(`${api}${url}`, { method, headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const zone = await post('/v2/zones', { name: SERVED, email: 'hostmaster@bench.test' });
  const sets = [
    { name: SERVED, type: 'MX', records: [`10 mail.${SERVED}`] },
    { name: SERVED, type: 'TXT', records: ['"v=spf1 mx -all"'] },
    { name: `*.dyn.${SERVED}`, type: 'A', records: ['192.0.2.99'] },
  ];
  for (let i = 0; i < SERVED_NAMES; i++) {
    sets.push({ name: `h${i}.${SERVED}`, type: 'A', records: [`198.51.100.${i % 250}`] });
    if (i % 3 === 0) sets.push({ name: `h${i}.${SERVED}`, type: 'AAAA', records: [`2001:db8::${i}`] });
  }
  for (const set of sets) await post(`/v2/zones/${zone.id}/recordsets`, set);
  await post(`/v2/zones/${zone.id}/dnssec`, { enabled: true }, 'PUT');
}

/** Per name: a hit, AAAA (a hit or NODATA), NXDOMAIN; per ten: a wildcard, the apex MX and SOA. */
function servedQueryLines() {
  const lines = [];
  for (let i = 0; i < SERVED_NAMES; i++) {
    lines.push(`h${i}.${SERVED} A`, `h${i}.${SERVED} AAAA`, `nope${i}.${SERVED} A`);
    if (i % 10 === 0) lines.push(`x${i}.dyn.${SERVED} A`, `${SERVED} MX`, `${SERVED} SOA`);
  }
  return lines.join('\n') + '\n';
}

async function benchServing() {
  const dnsPort = await freePort();
  const bench = await benchEnvironment(defaultPools({ host: '127.0.0.1', port: dnsPort }));
  const apiPort = await freePort();
  const env = {
    ...bench.env,
    MINIDNS_PORT: String(dnsPort),
    API_PORT: String(apiPort),
    DNSSEC_KEY_ENCRYPTION_KEYS: 'bench=a-bench-only-key-encryption-secret',
  };
  const apps = [await startApp('api-gateway', env), await startApp('mini-dns', env)];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-bench-dnssec-serve-'));
  let bind;
  try {
    const headers = { 'X-Auth-Token': bench.token, 'Content-Type': 'application/json' };
    await createSignedZone(`http://127.0.0.1:${apiPort}`, headers);
    await waitFor('mini-dns to serve the signed zone', async () => {
      const dnskey = execFileSync(
        'dig',
        ['@127.0.0.1', '-p', String(dnsPort), '+norec', '+short', SERVED, 'DNSKEY'],
        { encoding: 'utf8' },
      );
      return (await querySoa({ host: '127.0.0.1', port: dnsPort }, SERVED)).present && dnskey.trim() !== '';
    });
    bind = await startBindPrimary({ [SERVED]: axfrZonefile(dnsPort, SERVED) });
    const queryFile = path.join(work, 'queries.txt');
    fs.writeFileSync(queryFile, servedQueryLines());
    const servers = [
      { name: 'BIND 9', port: bind.port, pid: bind.process.child.pid },
      { name: 'mini-dns', port: dnsPort, pid: apps[1].child.pid },
    ];
    // EDNS in both (4096-octet buffer, no truncation), so the DO bit is the only difference.
    const modes = { 'DO=0': ['-e'], 'DO=1': ['-D'] };
    const results = servers.map((server) => ({ ...server, runs: { 'DO=0': [], 'DO=1': [] } }));
    for (let round = 0; round < ROUNDS; round++)
      for (const server of results)
        for (const [mode, flags] of Object.entries(modes))
          server.runs[mode].push(dnsperf(server.port, queryFile, server.pid, { flags }));
    const duration = Number(process.env.BENCH_DURATION ?? 10);
    console.log(
      `DNSSEC serving: dnsperf over UDP, a zone of ${SERVED_NAMES} names signed through the API, the same ${servedQueryLines().split('\n').length - 1}-line query file without and with the DO bit, ${duration} s × ${ROUNDS} rounds each (best round)`,
    );
    for (const server of results) {
      const [off, on] = ['DO=0', 'DO=1'].map((mode) => bestRun(server.runs[mode]));
      const cpu = (run) => ((run.cpu / run.answers) * 1e6).toFixed(1);
      console.log(
        `  ${server.name.padEnd(9)} DO=0 ${off.rate.toFixed(0).padStart(7)} answers/s   DO=1 ${on.rate.toFixed(0).padStart(7)} answers/s   DO=1/DO=0 ${(on.rate / off.rate).toFixed(2)}   CPU ${cpu(off)} / ${cpu(on)} µs/answer   (DO=1: ${on.codes})`,
      );
    }
  } finally {
    await bind?.stop();
    for (const app of apps) await app.stop();
    fs.rmSync(work, { recursive: true, force: true });
    await bench.cleanup();
  }
}

module.exports = async function benchDnssec() {
  await benchSigning();
  await benchServing();
};
