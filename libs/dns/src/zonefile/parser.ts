import { Entry, LexToken, Lexer, ZonefileError } from './lexer';
import { canonical } from './record-data';
import { MAX_TTL, absolute, parseTtl, typeOf } from './record-fields';

export { ZonefileError } from './lexer';
export { parseTtl } from './record-fields';

export interface ZonefileRecord {
  /** Absolute, lower case. */
  name: string;
  ttl: number;
  type: string;
  /** Canonical presentation rdata. */
  data: string;
  line: number;
}

export interface ParsedZonefile {
  /** The zone's origin: `$ORIGIN`, else the first owner name. Absolute, lower case. */
  origin: string;
  records: ZonefileRecord[];
}

export interface ParseOptions {
  origin?: string;
  /** TTL for records before any `$TTL` that give none (RFC 2308 would take the SOA minimum). */
  defaultTtl?: number;
}

const OTHER_CLASSES = new Set(['CH', 'HS', 'CS', 'ANY', 'NONE']);

/**
 * Reads a zonefile given in pieces of any size (`push`) and hands each record to `onRecord` as soon as it
 * is read, so that neither the file nor its records need to be held whole. `$INCLUDE` is refused; every
 * error names the line, column and token, and `end` reports the one reading the whole file at once would:
 * a lexical error anywhere first, then the first bad entry, a missing origin, the first record outside
 * the zone.
 */
export class ZonefileReader {
  private origin?: string;
  /** The zone's origin is the first one known; later $ORIGINs only change how names are read. */
  private zoneOrigin?: string;
  /** The zone's origin in the letter case the file (or the caller) writes it. */
  private writtenOrigin?: string;
  private defaultTtl?: number;
  private lastTtl?: number;
  private owner?: string;
  /** The first bad entry, reported at the end: a lexical error further on takes precedence. */
  private failure?: ZonefileError;
  private outside?: ZonefileError;
  private readonly lexer = new Lexer((entry) => this.read(entry));

  constructor(
    private readonly onRecord: (record: ZonefileRecord, zoneOrigin: string) => void,
    options: ParseOptions = {},
  ) {
    this.origin = this.zoneOrigin = options.origin?.toLowerCase();
    this.writtenOrigin = options.origin;
    this.defaultTtl = options.defaultTtl;
  }

  push(piece: string): void {
    this.lexer.push(piece);
  }

  /**
   * The file has ended: its origin (lower case, and as written: `Example.COM.` stays so there) and number
   * of lines, or the error it holds.
   */
  end(): { origin: string; writtenOrigin: string; lines: number } {
    this.lexer.end();
    if (this.failure) throw this.failure;
    if (!this.zoneOrigin)
      throw new ZonefileError(
        'The $ORIGIN statement is required and must be the first statement in the zonefile.',
        1,
        1,
      );
    if (this.outside) throw this.outside;
    return { origin: this.zoneOrigin, writtenOrigin: this.writtenOrigin!, lines: this.lexer.lines };
  }

  private read(entry: Entry): void {
    if (this.failure) return;
    try {
      const record = this.readEntry(entry);
      if (record) this.accept(record, this.zoneOrigin!);
    } catch (error) {
      if (!(error instanceof ZonefileError)) throw error;
      this.failure = error;
    }
  }

  private accept(record: ZonefileRecord, zoneOrigin: string): void {
    if (this.outside) return;
    if (record.name !== zoneOrigin && !record.name.endsWith(`.${zoneOrigin}`)) {
      this.outside = new ZonefileError(
        `${record.name} is not inside the zone ${zoneOrigin}`,
        record.line,
        1,
        record.name,
      );
      return;
    }
    this.onRecord(record, zoneOrigin);
  }

  /** The first origin is the zone's: the name `token` writes (absolute, as nothing came before it). */
  private knowZoneOrigin(token: LexToken): void {
    this.zoneOrigin = this.origin;
    this.writtenOrigin = absolute(token.text, undefined, token, true);
  }

  /** A directive changes the reader's state; any other entry is a record. */
  private readEntry(entry: Entry): ZonefileRecord | undefined {
    const first = entry.tokens[0];
    if (!entry.ownerOmitted && first.text.startsWith('$')) {
      ({ origin: this.origin, defaultTtl: this.defaultTtl } = directive(entry, this.origin, this.defaultTtl));
      if (this.zoneOrigin === undefined && this.origin !== undefined) this.knowZoneOrigin(entry.tokens[1]);
      return undefined;
    }
    let rest = entry.tokens;
    if (!entry.ownerOmitted) {
      this.owner = absolute(first.text, this.origin, first);
      this.origin ??= this.owner;
      if (this.zoneOrigin === undefined) this.knowZoneOrigin(first);
      rest = rest.slice(1);
    } else if (!this.owner) {
      throw new ZonefileError('the first record has no owner name', entry.line, first.column, first.text);
    }
    let ttl: number | undefined;
    let type: string | null = null;
    let index = 0;
    for (; index < rest.length && !type; index++) {
      const token = rest[index];
      const asTtl = ttl === undefined ? parseTtl(token.text) : null;
      if (asTtl !== null) {
        if (asTtl > MAX_TTL)
          throw new ZonefileError(`TTL ${token.text} is too large`, token.line, token.column, token.text);
        ttl = asTtl;
        continue;
      }
      const upper = token.text.toUpperCase();
      if (upper === 'IN') continue;
      if (OTHER_CLASSES.has(upper) || /^CLASS\d+$/.test(upper)) {
        throw new ZonefileError(
          `class ${upper} is not supported (only IN)`,
          token.line,
          token.column,
          token.text,
        );
      }
      type = typeOf(token);
      if (!type)
        throw new ZonefileError(
          `'${token.text}' is not a TTL, class or supported record type`,
          token.line,
          token.column,
          token.text,
        );
    }
    const at = rest[index - 1] ?? first;
    if (!type) throw new ZonefileError('a record needs a type', entry.line, at.column, at.text);
    const rdata = rest.slice(index);
    if (rdata.length === 0)
      throw new ZonefileError(`a ${type} record needs data`, at.line, at.column, at.text);
    const effectiveTtl = ttl ?? this.defaultTtl ?? this.lastTtl;
    if (effectiveTtl === undefined)
      throw new ZonefileError('no TTL: give one, or a $TTL before', at.line, at.column, at.text);
    this.lastTtl = effectiveTtl;
    return {
      name: this.owner!,
      ttl: effectiveTtl,
      type,
      data: canonical(type, rdata, this.origin!),
      line: entry.line,
    };
  }
}

/** Parses a whole zonefile into records with canonical rdata (see ZonefileReader). */
export function parseZonefile(source: string, options: ParseOptions = {}): ParsedZonefile {
  const records: ZonefileRecord[] = [];
  const reader = new ZonefileReader((record) => records.push(record), options);
  reader.push(source);
  return { origin: reader.end().origin, records };
}

function directive(entry: Entry, origin: string | undefined, defaultTtl: number | undefined) {
  const [name, value] = entry.tokens;
  const keyword = name.text.toUpperCase();
  if (keyword === '$INCLUDE')
    throw new ZonefileError('$INCLUDE is not allowed', name.line, name.column, name.text);
  if (keyword === '$ORIGIN') {
    if (!value || entry.tokens.length > 2)
      throw new ZonefileError('$ORIGIN takes one name', name.line, name.column, name.text);
    return { origin: absolute(value.text, origin, value), defaultTtl };
  }
  if (keyword === '$TTL') {
    const ttl = value ? parseTtl(value.text) : null;
    if (ttl === null || ttl > MAX_TTL || entry.tokens.length > 2)
      throw new ZonefileError('$TTL takes one TTL', name.line, name.column, value?.text ?? name.text);
    return { origin, defaultTtl: ttl };
  }
  throw new ZonefileError(`unknown directive ${name.text}`, name.line, name.column, name.text);
}
