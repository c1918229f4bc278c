import { as, waitFor } from '@zonewarden/testing';
import { ProbeResult, soaProbe } from './fuzz-probe';

const OWNER = as('robustness');
const REQUEST_TIMEOUT_MS = 5000;

/** Long enough that, once substituted for `long.fuzz.test.`, most names under it overflow 255 octets. */
const LONG_TARGET = `${['l', 'm', 'n'].map((c) => c.repeat(63)).join('.')}.fuzz2.test.`;

/** 40 TXT records of ~190 octets: too large for 512 and for 1232 octets, so answers get TC over UDP. */
const LARGE_TXT = Array.from(
  { length: 40 },
  (_, i) => `big IN TXT "${String(i).padStart(3, '0')} ${'x'.repeat(180)}"`,
);

/**
 * The served zones: every answer path of mini-dns (wildcards, a CNAME chain and loop, a delegation with
 * glue, DNAMEs, one leading to YXDOMAIN, a large TXT set, a chain into the second zone and back).
 */
export const FUZZ_ZONEFILES: Record<string, string> = {
  'fuzz.test.': [
    '$ORIGIN fuzz.test.',
    '$TTL 300',
    '@ IN SOA ns1.fuzz.test. hostmaster.fuzz.test. 1 3600 600 86400 300',
    '@ IN NS ns1.fuzz.test.',
    '@ IN MX 10 www',
    '@ IN TXT "v=spf1 -all"',
    'ns1 IN A 192.0.2.1',
    'ns1 IN AAAA 2001:db8::1',
    'www IN A 192.0.2.10',
    'www IN AAAA 2001:db8::10',
    '* IN A 192.0.2.99',
    '*.wild IN A 192.0.2.98',
    '*.wild IN TXT "wildcard"',
    'c1 IN CNAME c2',
    'c2 IN CNAME c3',
    'c3 IN CNAME www',
    'cout IN CNAME www.fuzz2.test.',
    'loop1 IN CNAME loop2',
    'loop2 IN CNAME loop1',
    'sub IN NS ns.sub',
    'sub IN NS ns.other.fuzz2.test.',
    'ns.sub IN A 192.0.2.30',
    'ns.sub IN AAAA 2001:db8::30',
    'd IN DNAME fuzz2.test.',
    `long IN DNAME ${LONG_TARGET}`,
    '_sip._tcp IN SRV 10 5 5060 www',
    ...LARGE_TXT,
  ].join('\n'),
  'fuzz2.test.': [
    '$ORIGIN fuzz2.test.',
    '$TTL 600',
    '@ IN SOA ns1.fuzz.test. hostmaster.fuzz2.test. 1 3600 600 86400 300',
    '@ IN NS ns1.fuzz.test.',
    'www IN A 192.0.2.50',
    'a IN CNAME www',
    'back IN CNAME c1.fuzz.test.',
    '* IN TXT "star"',
  ].join('\n'),
};

/** Query names reaching each of those paths, in mixed case too, and a few outside every zone. */
export const FUZZ_NAMES: readonly string[] = [
  'fuzz.test.',
  'FuZz.TeSt.',
  'www.fuzz.test.',
  'ns1.fuzz.test.',
  'nothing.fuzz.test.',
  'a.b.c.fuzz.test.',
  'x.wild.fuzz.test.',
  'y.x.WILD.fuzz.test.',
  'c1.fuzz.test.',
  'cout.fuzz.test.',
  'loop1.fuzz.test.',
  'sub.fuzz.test.',
  'deep.x.sub.fuzz.test.',
  'ns.sub.fuzz.test.',
  'd.fuzz.test.',
  'x.d.fuzz.test.',
  'back.d.fuzz.test.',
  'x.long.fuzz.test.',
  `${'q'.repeat(60)}.${'r'.repeat(60)}.long.fuzz.test.`,
  'big.fuzz.test.',
  '_sip._tcp.fuzz.test.',
  'fuzz2.test.',
  'a.fuzz2.test.',
  'back.fuzz2.test.',
  'anything.fuzz2.test.',
  'test.',
  '.',
  'example.com.',
];

export interface ServedZone {
  name: string;
  serial: number;
}

async function api(base: string, path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { ...OWNER, ...init.headers },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Imports one zonefile through the API (zone-worker); resolves with the zone's id once COMPLETE. */
async function importZone(base: string, zonefile: string): Promise<string> {
  const task = await api(base, '/v2/zones/tasks/imports', {
    method: 'POST',
    headers: { 'Content-Type': 'text/dns' },
    body: zonefile,
  });
  let done: Record<string, unknown> = task;
  await waitFor('the import to finish', async () => {
    done = await api(base, `/v2/zones/tasks/imports/${String(task.id)}`);
    return done.status !== 'PENDING';
  });
  if (done.status !== 'COMPLETE') throw new Error(`import failed: ${JSON.stringify(done)}`);
  return String(done.zone_id);
}

/**
 * Imports every FUZZ_ZONEFILES zone and waits until mini-dns answers each one's SOA, over UDP and TCP,
 * with the serial the API reports.
 */
export async function importFuzzZones(base: string, dnsPort: number): Promise<ServedZone[]> {
  const zones: ServedZone[] = [];
  for (const [name, zonefile] of Object.entries(FUZZ_ZONEFILES)) {
    const id = await importZone(base, zonefile);
    const serial = Number((await api(base, `/v2/zones/${id}`)).serial);
    let last: ProbeResult[] = [];
    await waitFor(`mini-dns to serve ${name}`, async () => {
      last = await Promise.all([soaProbe(dnsPort, 'udp', name, 500), soaProbe(dnsPort, 'tcp', name, 500)]);
      return last.every((result) => 'serial' in result && result.serial === serial);
    }).catch((error: Error) => {
      throw new Error(`${error.message} (serial ${serial}): ${JSON.stringify(last)}`);
    });
    zones.push({ name, serial });
  }
  return zones;
}
