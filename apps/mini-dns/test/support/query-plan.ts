import { WireName, typeCode } from '@zonewarden/dns';
import { SeededRandom } from './seeded-random';
import { NameKind, ZoneIndex } from './zone-index';
import { GeneratedZone } from './zone-model';

export type Transport = 'udp' | 'tcp';

export interface EdnsOptions {
  payload: number;
  version: number;
  dnssecOk: boolean;
}

export interface PlannedQuery {
  name: WireName;
  type: number;
  transport: Transport;
  edns?: EdnsOptions;
  rd: boolean;
  cd: boolean;
  kind: NameKind;
}

/** What the queries ask beyond the types at the name: every type served, meta types, and absent ones. */
const ASKED_TYPES = [
  ...['A', 'AAAA', 'MX', 'TXT', 'NS', 'SOA', 'CNAME', 'DNAME', 'DS', 'ANY', 'SVCB', 'HTTPS', 'SRV'],
  ...['PTR', 'CAA', 'NAPTR', 'CERT', 'SSHFP', 'TLSA', 'SPF'],
];
const ABSENT_TYPES = ['LOC', 'HINFO', 'DNSKEY', 'URI', 'RRSIG', 'NSEC', 'TYPE65280'];
const OUTSIDE_NAMES = ['.', 'test.', 'example.net.', 'nope.test.', 'zonewarden.test.', 'xkitchen.test.'];
/** Labels with bytes no zone holds: NUL, an escaped dot inside a label, high and blank bytes. */
const ODD_LABELS = ['a\\000b', 'x\\.y', '\\255q', 'sp\\032ace', '\\042', '\\.'];

/** `count` queries over the zones, reproducible from the seed. */
export function planQueries(zones: GeneratedZone[], seed: number, count: number): PlannedQuery[] {
  const random = new SeededRandom(seed ^ 0x5eed);
  const indexes = zones.map((zone) => new ZoneIndex(zone));
  const queries: PlannedQuery[] = [];
  while (queries.length < count) {
    const text = random.chance(0.03) ? random.pick(OUTSIDE_NAMES) : nameIn(random.pick(indexes), random);
    const name = WireName.fromText(random.chance(0.3) ? random.mixCase(text) : text);
    const index = servingZone(indexes, name);
    queries.push({
      name,
      type: typeCode(typeFor(index, name, random))!,
      kind: index ? index.kindOf(name) : 'out-of-zone',
      ...shape(random),
    });
  }
  return queries;
}

/** The zone a server answers from: the closest enclosing one. */
function servingZone(indexes: ZoneIndex[], name: WireName): ZoneIndex | undefined {
  let best: ZoneIndex | undefined;
  for (const index of indexes)
    if (index.contains(name) && (!best || index.apex.labelCount > best.apex.labelCount)) best = index;
  return best;
}

function nameIn(index: ZoneIndex, random: SeededRandom): string {
  const existing = () =>
    random.pick([...[...index.owners.values()].map((o) => o.name), ...index.emptyNonTerminals.values()]);
  const pick = random.weighted<() => string>([
    [() => random.pick([...index.owners.values()]).name, 35],
    [() => random.pick([...index.emptyNonTerminals.values(), index.zone.name]), 8],
    [() => random.pick(index.zone.probes.length ? index.zone.probes : [index.zone.name]), 15],
    [() => index.zone.name, 5],
    [() => `${random.label(random.int(1, 8))}.${existing()}`, 20],
    [() => `${random.pick(ODD_LABELS)}.${random.chance(0.5) ? existing() : index.zone.name}`, 5],
    [() => `nx-${random.label(4)}.${index.zone.name}`, 12],
  ]);
  const text = pick();
  try {
    WireName.fromText(text);
    return text;
  } catch {
    return index.zone.name; // a name past 255 octets, from a prefix on a long owner
  }
}

function typeFor(index: ZoneIndex | undefined, name: WireName, random: SeededRandom): string {
  const present = index?.typesAt(name) ?? [];
  if (present.length && random.chance(0.45)) return random.pick(present);
  return random.chance(0.12) ? random.pick(ABSENT_TYPES) : random.pick(ASKED_TYPES);
}

function shape(random: SeededRandom): Pick<PlannedQuery, 'transport' | 'edns' | 'rd' | 'cd'> {
  const transport: Transport = random.chance(0.25) ? 'tcp' : 'udp';
  const edns = random.chance(transport === 'udp' ? 0.55 : 0.35)
    ? {
        payload: random.weighted([
          [1232, 70],
          [512, 12],
          [4096, 12],
          [100, 3],
          [65535, 3],
        ]),
        version: random.chance(0.02) ? 1 : 0,
        dnssecOk: random.chance(0.2),
      }
    : undefined;
  return { transport, edns, rd: random.chance(0.5), cd: random.chance(0.1) };
}
