import fc from 'fast-check';
import { canonicalRdata } from '../rdata/rdata';
import { parseZonefile } from './parser';
import { zonefileHeader, zonefileLines } from './writer';

const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
const origin = fc.array(label, { minLength: 1, maxLength: 3 }).map((labels) => `${labels.join('.')}.test.`);
const byte = fc.integer({ min: 0, max: 255 });
const u16 = fc.integer({ min: 0, max: 65535 });
const ttl = fc.option(fc.integer({ min: 0, max: 2147483647 }), { nil: null });
/** Printable text, quotes and backslashes included, as TXT holds it. */
const characterString = fc.string({ maxLength: 40 }).map((s) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`);

const rdata = (zone: string): fc.Arbitrary<[string, string]> => {
  const host = label.map((l) => `${l}.${zone}`);
  return fc.oneof(
    fc.tuple(byte, byte, byte, byte).map((b) => ['A', b.join('.')] as [string, string]),
    fc
      .array(u16, { minLength: 8, maxLength: 8 })
      .map((w) => ['AAAA', w.map((x) => x.toString(16)).join(':')] as [string, string]),
    host.map((h) => ['CNAME', h] as [string, string]),
    fc.tuple(u16, host).map(([p, h]) => ['MX', `${p} ${h}`] as [string, string]),
    fc
      .array(characterString, { minLength: 1, maxLength: 3 })
      .map((t) => ['TXT', t.join(' ')] as [string, string]),
    fc.tuple(u16, u16, u16, host).map(([a, b, c, h]) => ['SRV', `${a} ${b} ${c} ${h}`] as [string, string]),
    fc
      .tuple(fc.constantFrom(0, 128), label)
      .map(([f, issuer]) => ['CAA', `${f} issue "${issuer}.example"`] as [string, string]),
  );
};

describe('zonefile writer and parser', () => {
  it('parse(write(z)) == z for generated zones', () => {
    fc.assert(
      fc.property(
        origin.chain((zone) =>
          fc.record({
            zone: fc.constant(zone),
            sets: fc.array(fc.tuple(label, ttl, rdata(zone)), { maxLength: 30 }),
          }),
        ),
        ({ zone, sets }) => {
          const soa = {
            name: zone,
            type: 'SOA',
            ttl: 3600,
            records: [`ns1.${zone} hostmaster.${zone} 1 3600 600 86400 300`],
          };
          const recordSets = [
            soa,
            ...sets.map(([name, setTtl, [type, data]]) => ({
              name: `${name}.${zone}`,
              type,
              ttl: setTtl,
              records: [data],
            })),
          ];
          const text = zonefileHeader(zone, 300) + recordSets.map(zonefileLines).join('');
          const parsed = parseZonefile(text);
          expect(parsed.origin).toBe(zone);
          const written = recordSets.flatMap((set) =>
            set.records.map(
              (data) => `${set.name} ${set.ttl ?? 300} ${set.type} ${canonicalRdata(set.type, data)}`,
            ),
          );
          expect(parsed.records.map((r) => `${r.name} ${r.ttl} ${r.type} ${r.data}`)).toEqual(written);
          // Parsing canonical output again changes nothing.
          const again = parseZonefile(
            zonefileHeader(zone, 300) +
              parsed.records.map((r) => zonefileLines({ ...r, records: [r.data] })).join(''),
          );
          expect(again.records).toEqual(parsed.records);
        },
      ),
      { numRuns: 200 },
    );
  });
});
