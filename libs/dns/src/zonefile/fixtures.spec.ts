import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { canonicalRdata } from '../rdata/rdata';
import { ZonefileError, parseZonefile } from './parser';
import { zoneFromZonefile } from './zone-import';

const FIXTURES = path.resolve(__dirname, '../../../../test/fixtures/zonefiles');
const list = (kind: string) => fs.readdirSync(path.join(FIXTURES, kind)).sort();
const read = (kind: string, file: string) => fs.readFileSync(path.join(FIXTURES, kind, file), 'utf8');

interface Oracle {
  origin?: string;
  rdatasets?: [string, number, string, string[]][];
  error?: string;
}

/** dnspython, the parser Designate imports with (Debian's python3-dnspython). */
function dnspython(kind: string, file: string): Oracle {
  return JSON.parse(
    execFileSync(
      '/usr/bin/python3',
      [path.join(FIXTURES, 'dnspython-oracle.py'), path.join(FIXTURES, kind, file)],
      { encoding: 'utf8' },
    ),
  );
}

/**
 * BIND's reading of the zone (named-compilezone prints it fully qualified), for the files dnspython 2.3
 * refuses although RFC 1035 allows them: class before TTL, no $ORIGIN (the first owner is the origin).
 */
function bind(file: string, origin: string): Oracle {
  const out = execFileSync(
    'named-compilezone',
    [
      '-q',
      '-i',
      'none',
      '-k',
      'ignore',
      '-f',
      'text',
      '-F',
      'text',
      '-o',
      '-',
      origin,
      path.join(FIXTURES, 'ok', file),
    ],
    { encoding: 'utf8' },
  );
  const sets = new Map<string, [string, number, string, string[]]>();
  for (const line of out.split('\n').filter((l) => l && !l.startsWith(';'))) {
    const [name, ttl, , type, ...data] = line.split(/\s+/);
    const key = `${name.toLowerCase()} ${type}`;
    const set = sets.get(key) ?? [name.toLowerCase(), Number(ttl), type, []];
    set[3].push(data.join(' '));
    sets.set(key, set);
  }
  return { origin, rdatasets: [...sets.values()] };
}

describe('zonefile fixtures', () => {
  it('has at least 30 files', () =>
    expect(list('ok').length + list('not-ok').length).toBeGreaterThanOrEqual(30));

  it.each(list('ok'))('ok/%s reads as dnspython reads it', (file) => {
    const ours = parseZonefile(read('ok', file));
    const python = dnspython('ok', file);
    const oracle = python.error ? bind(file, ours.origin) : python;
    expect(ours.origin).toBe(oracle.origin);
    const mine = new Map<string, { ttl: number; data: Set<string> }>();
    for (const record of ours.records) {
      const key = `${record.name} ${record.type}`;
      const set = mine.get(key) ?? { ttl: record.ttl, data: new Set<string>() };
      set.ttl = Math.min(set.ttl, record.ttl);
      set.data.add(record.data);
      mine.set(key, set);
    }
    const theirs = new Map(
      oracle.rdatasets!.map(([name, ttl, type, rdatas]) => [
        `${name} ${type}`,
        { ttl, data: new Set(rdatas.map((r) => canonicalRdata(type, r))) },
      ]),
    );
    expect([...mine.keys()].sort()).toEqual([...theirs.keys()].sort());
    for (const [key, set] of mine)
      expect([key, set.ttl, [...set.data].sort()]).toEqual([
        key,
        theirs.get(key)!.ttl,
        [...theirs.get(key)!.data].sort(),
      ]);
    expect(() => zoneFromZonefile(read('ok', file))).not.toThrow();
  });

  it.each(list('not-ok'))('not-ok/%s is refused with its line', (file) => {
    let error: unknown;
    try {
      zoneFromZonefile(read('not-ok', file));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ZonefileError);
    expect((error as ZonefileError).line).toBeGreaterThan(0);
    expect((error as Error).message).toMatch(/\(line \d+, column \d+/);
  });
});
