/**
 * A form per record type: the fields of each of the API's 18 types, in presentation order. A record's
 * text is its fields joined by spaces (`quoted` fields as DNS character strings); an existing record is
 * split back into them to be edited.
 */

export type FieldKind = 'int' | 'name' | 'text' | 'quoted' | 'rest';

export interface RecordField {
  label: string;
  kind: FieldKind;
  hint?: string;
}

const f = (label: string, kind: FieldKind, hint?: string): RecordField => ({ label, kind, hint });

export const RECORD_TYPES: Record<string, RecordField[]> = {
  A: [f('IPv4 address', 'text', '192.0.2.10')],
  AAAA: [f('IPv6 address', 'text', '2001:db8::10')],
  CAA: [
    f('Flags', 'int', '0, or 128: critical'),
    f('Tag', 'text', 'issue, issuewild, iodef'),
    f('Value', 'quoted', 'letsencrypt.org'),
  ],
  CERT: [
    f('Certificate type', 'text'),
    f('Key tag', 'int'),
    f('Algorithm', 'text'),
    f('Certificate (base64)', 'rest'),
  ],
  CNAME: [f('Canonical name', 'name', 'www.example.org. (absolute) or www (in the zone)')],
  DNAME: [f('Target', 'name')],
  DS: [f('Key tag', 'int'), f('Algorithm', 'int'), f('Digest type', 'int'), f('Digest (hex)', 'rest')],
  HTTPS: [
    f('Priority', 'int', '0: alias mode'),
    f('Target', 'name', '. : the owner itself'),
    f('Parameters', 'rest', 'alpn=h2,h3'),
  ],
  MX: [f('Priority', 'int', '10'), f('Mail server', 'name', 'mail.example.org.')],
  NAPTR: [
    f('Order', 'int'),
    f('Preference', 'int'),
    f('Flags', 'quoted', 'S, A, U or P'),
    f('Services', 'quoted', 'SIP+D2U'),
    f('Regexp', 'quoted'),
    f('Replacement', 'name'),
  ],
  NS: [f('Name server', 'name', 'ns1.example.net.')],
  PTR: [f('Host name', 'name')],
  SPF: [f('Text', 'quoted', 'v=spf1 -all')],
  SRV: [f('Priority', 'int'), f('Weight', 'int'), f('Port', 'int'), f('Target', 'name', 'sip.example.org.')],
  SSHFP: [
    f('Algorithm', 'int', '1 RSA, 3 ECDSA, 4 Ed25519'),
    f('Fingerprint type', 'int', '1 SHA-1, 2 SHA-256'),
    f('Fingerprint (hex)', 'rest'),
  ],
  SVCB: [f('Priority', 'int'), f('Target', 'name'), f('Parameters', 'rest')],
  TLSA: [f('Usage', 'int'), f('Selector', 'int'), f('Matching type', 'int'), f('Data (hex)', 'rest')],
  TXT: [f('Text', 'quoted', 'Long values (a DKIM key) are split into strings of 255 characters for you')],
};

export const TYPE_NAMES = Object.keys(RECORD_TYPES);

/** The most a DNS character string holds. */
const MAX_STRING = 255;

/** A value as DNS character strings: quoted, `"` and `\` escaped, split every 255 characters. */
export function quoteText(value: string): string {
  const chunks: string[] = [];
  for (let at = 0; at < value.length || chunks.length === 0; at += MAX_STRING)
    chunks.push(value.slice(at, at + MAX_STRING));
  return chunks.map((chunk) => `"${chunk.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(' ');
}

/** The tokens of a record's text: words, and quoted strings (unescaped, with a flag). */
function tokens(data: string): { text: string; quoted: boolean }[] {
  const out: { text: string; quoted: boolean }[] = [];
  let at = 0;
  while (at < data.length) {
    if (/\s/.test(data[at])) {
      at++;
      continue;
    }
    if (data[at] === '"') {
      let text = '';
      at++;
      while (at < data.length && data[at] !== '"') {
        if (data[at] === '\\' && /\d{3}/.test(data.slice(at + 1, at + 4))) {
          text += String.fromCharCode(Number(data.slice(at + 1, at + 4)));
          at += 4;
        } else if (data[at] === '\\') {
          text += data[at + 1] ?? '';
          at += 2;
        } else text += data[at++];
      }
      at++;
      out.push({ text, quoted: true });
    } else {
      const start = at;
      while (at < data.length && !/\s/.test(data[at])) at++;
      out.push({ text: data.slice(start, at), quoted: false });
    }
  }
  return out;
}

/** A record's text split into the type's fields (the last field takes what is left). */
export function splitRecord(type: string, data: string): string[] {
  const fields = RECORD_TYPES[type] ?? [f('Data', 'rest')];
  const parts = tokens(data);
  return fields.map((field, i) => {
    const last = i === fields.length - 1;
    if (!last) return parts[i]?.text ?? '';
    const rest = parts.slice(i);
    // A TXT's strings are one value (a DKIM key split at 255 characters).
    if (field.kind === 'quoted') return rest.map((part) => part.text).join('');
    return rest.map((part) => (part.quoted ? `"${part.text}"` : part.text)).join(' ');
  });
}

/** A record's text from the type's fields. */
export function joinRecord(type: string, values: string[]): string {
  const fields = RECORD_TYPES[type] ?? [f('Data', 'rest')];
  return fields
    .map((field, i) => {
      const value = (values[i] ?? '').trim();
      return field.kind === 'quoted' ? quoteText(values[i] ?? '') : value;
    })
    .join(' ')
    .trim();
}
