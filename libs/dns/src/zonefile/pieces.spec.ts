import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { ZonefileRecord, ZonefileReader, parseZonefile } from './parser';
import { zoneFromZonefile, zoneFromZonefilePieces } from './zone-import';

const FIXTURES = path.resolve(__dirname, '../../../../test/fixtures/zonefiles');
const files = ['ok', 'not-ok'].flatMap((kind) =>
  fs.readdirSync(path.join(FIXTURES, kind)).map((file) => path.join(kind, file)),
);
const read = (file: string) => fs.readFileSync(path.join(FIXTURES, file), 'utf8');

/** `text` cut at `cuts` (positions, any order). */
function piecesOf(text: string, cuts: number[]): string[] {
  const at = [0, ...[...new Set(cuts)].sort((a, b) => a - b), text.length];
  return at.slice(1).map((end, i) => text.slice(at[i], end));
}

/** What reading gives: the records or the error's message. */
function outcome(read: () => unknown): unknown {
  try {
    return read();
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function parsePieces(pieces: string[]) {
  const records: ZonefileRecord[] = [];
  const reader = new ZonefileReader((record) => records.push(record));
  for (const piece of pieces) reader.push(piece);
  return { origin: reader.end().origin, records };
}

const importPieces = (pieces: string[]) => zoneFromZonefilePieces(pieces);

describe('zonefiles read in pieces', () => {
  it.each(files)('%s reads the same, records and errors, whatever the size of its pieces', (file) => {
    const text = read(file);
    const whole = [outcome(() => parseZonefile(text)), outcome(() => zoneFromZonefile(text))];
    for (const size of [1, 2, 3, 7, 64, 4096]) {
      const pieces = piecesOf(
        text,
        Array.from({ length: Math.ceil(text.length / size) }, (_, i) => i * size),
      );
      expect([outcome(() => parsePieces(pieces)), outcome(() => importPieces(pieces))]).toEqual(whole);
    }
  });

  it('reads the same wherever the pieces are cut (quotes, escapes, comments, parentheses)', () => {
    const text = read('ok/02-awkward.zone');
    const whole = outcome(() => zoneFromZonefile(text));
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 40 }), (cuts) => {
        expect(outcome(() => importPieces(piecesOf(text, cuts)))).toEqual(whole);
      }),
    );
  });

  it('reports a lexical error further on before an earlier bad record, as reading the whole file did', () => {
    const text = '$ORIGIN x.test.\n$TTL 60\n@ SOA ns admin 1 2 3 4 5\na A 192.0.2.999\nb TXT "open\n';
    const expected = "unterminated quoted string (line 5, column 7, at '\"open')";
    expect(outcome(() => zoneFromZonefile(text))).toEqual({ error: expected });
    expect(outcome(() => importPieces(piecesOf(text, [60])))).toEqual({ error: expected });
  });

  it('keeps a backslash-escaped line feed inside its token across pieces', () => {
    const text = '$ORIGIN x.test.\n$TTL 60\n@ SOA ns admin 1 2 3 4 5\na TXT "one\\\ntwo"\n';
    const whole = outcome(() => parseZonefile(text));
    expect(outcome(() => parsePieces(piecesOf(text, [text.indexOf('\\') + 1])))).toEqual(whole);
  });
});
