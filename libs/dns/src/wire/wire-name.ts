/**
 * A domain name as labels of bytes (RFC 1035 §3.1), with its presentation text per suffix. Names from the
 * wire may hold any byte, so the text escapes `.`, `\` and every byte outside printable ASCII (`\DDD`):
 * the text is a faithful key. Lookups compare the lower-cased text (ASCII case only, RFC 4343).
 */
export class WireName {
  private suffixTexts?: string[];
  private suffixKeys?: string[];

  constructor(readonly labels: readonly Buffer[]) {}

  static readonly ROOT = new WireName([]);

  /** Parses presentation text (`\X` and `\DDD` escapes); relative names are taken as absolute. */
  static fromText(text: string): WireName {
    if (text === '' || text === '.') return WireName.ROOT;
    const labels: Buffer[] = [];
    let bytes: number[] = [];
    for (let i = 0; i < text.length;) {
      const c = text.charCodeAt(i);
      if (c === 0x5c /* \ */) {
        const digits = text.slice(i + 1, i + 4);
        if (/^\d{3}$/.test(digits)) {
          const value = Number(digits);
          if (value > 255) throw new NameError(`'${text}': \\${digits} is not a byte`);
          bytes.push(value);
          i += 4;
        } else if (i + 1 < text.length) {
          const char = String.fromCodePoint(text.codePointAt(i + 1)!);
          bytes.push(...Buffer.from(char, 'utf8'));
          i += 1 + char.length;
        } else {
          throw new NameError(`'${text}' ends in a lone backslash`);
        }
      } else if (c === 0x2e /* . */) {
        if (bytes.length === 0) throw new NameError(`'${text}' has an empty label`);
        labels.push(Buffer.from(bytes));
        bytes = [];
        i++;
      } else {
        const char = String.fromCodePoint(text.codePointAt(i)!);
        bytes.push(...Buffer.from(char, 'utf8'));
        i += char.length;
      }
    }
    if (bytes.length) labels.push(Buffer.from(bytes));
    return checked(labels, text);
  }

  static fromLabels(labels: Buffer[]): WireName {
    return checked(labels, labels.map(labelText).join('.'));
  }

  get labelCount(): number {
    return this.labels.length;
  }

  /** Octets on the wire, uncompressed. */
  get wireLength(): number {
    let length = 1;
    for (const label of this.labels) length += label.length + 1;
    return length;
  }

  /** Presentation text of the suffix from label `i` (no trailing dot; the root is ''). */
  suffixText(i: number): string {
    if (!this.suffixTexts) {
      const texts = new Array<string>(this.labels.length + 1);
      texts[this.labels.length] = '';
      for (let j = this.labels.length - 1; j >= 0; j--) {
        const label = labelText(this.labels[j]);
        texts[j] = j === this.labels.length - 1 ? label : `${label}.${texts[j + 1]}`;
      }
      this.suffixTexts = texts;
    }
    return this.suffixTexts[i];
  }

  /** Case-folded text of the suffix from label `i`: the lookup key. */
  suffixKey(i: number): string {
    if (!this.suffixKeys) {
      this.suffixKeys = [];
      for (let j = 0; j <= this.labels.length; j++) this.suffixKeys.push(this.suffixText(j).toLowerCase());
    }
    return this.suffixKeys[i];
  }

  get key(): string {
    return this.suffixKey(0);
  }

  /** The name without its first `count` labels. */
  parent(count = 1): WireName {
    return new WireName(this.labels.slice(count));
  }

  /** `labels` prepended to this name (e.g. a wildcard owner or a DNAME substitution). */
  prepend(labels: readonly Buffer[]): WireName {
    return new WireName([...labels, ...this.labels]);
  }

  /** True when this name equals `other` or lies below it (case-insensitive). */
  isWithin(other: WireName): boolean {
    const extra = this.labels.length - other.labels.length;
    return extra >= 0 && this.suffixKey(extra) === other.key;
  }

  equals(other: WireName): boolean {
    return this.labels.length === other.labels.length && this.key === other.key;
  }

  /** The name's bytes on the wire, uncompressed. */
  toWire(): Buffer {
    const out = Buffer.alloc(this.wireLength);
    let offset = 0;
    for (const label of this.labels) {
      out[offset++] = label.length;
      label.copy(out, offset);
      offset += label.length;
    }
    return out;
  }

  /** Absolute presentation text, with the trailing dot. */
  toString(): string {
    return `${this.suffixText(0)}.`;
  }
}

export class NameError extends Error {}

const MAX_NAME_OCTETS = 255;
const MAX_LABEL_OCTETS = 63;

function checked(labels: Buffer[], text: string): WireName {
  let length = 1;
  for (const label of labels) {
    if (label.length > MAX_LABEL_OCTETS) throw new NameError(`'${text}' has a label over 63 octets`);
    length += label.length + 1;
  }
  if (length > MAX_NAME_OCTETS) throw new NameError(`'${text}' is over 255 octets`);
  return new WireName(labels);
}

const NEEDS_ESCAPE = /[^\x21-\x7e]|[.\\"();@$]/;

/** One label as presentation text: printable ASCII as is, specials as `\X`, other bytes as `\DDD`. */
export function labelText(label: Buffer): string {
  const plain = label.toString('latin1');
  if (!NEEDS_ESCAPE.test(plain)) return plain;
  let out = '';
  for (const byte of label) {
    if (byte <= 0x20 || byte >= 0x7f) out += `\\${String(byte).padStart(3, '0')}`;
    else if ('.\\"();@$'.includes(String.fromCharCode(byte))) out += `\\${String.fromCharCode(byte)}`;
    else out += String.fromCharCode(byte);
  }
  return out;
}
