// DNSSEC signing beside BIND's dnssec-signzone in the same run: the same generated zone of 10,000 and
// 100,000 records (BENCH_DNSSEC_SIZES), signed whole by our ZoneSigner and by dnssec-signzone (both with a
// KSK and a ZSK of the same algorithm, NSEC), then one change set (a new name and the SOA) re-signed
// incrementally by ours. Wall time of each (both on one thread).
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { generateZoneKey, ZoneSigner } = require('@zonewarden/dns');

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
    (i) => ({ type: 'AAAA', records: [`2001:db8::${i.toString(16)}`] }),
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
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

module.exports = async function benchDnssec() {
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
};
