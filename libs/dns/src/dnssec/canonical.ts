import { LiteralName, rdataToWire } from '../wire/rdata-wire';
import { WireName } from '../wire/wire-name';

/** ASCII letters to lower case (RFC 4034 §6.2 lowers only those). */
function lowerLabel(label: Buffer): Buffer {
  let out: Buffer | undefined;
  for (let i = 0; i < label.length; i++) {
    const byte = label[i];
    if (byte >= 0x41 && byte <= 0x5a) {
      out ??= Buffer.from(label);
      out[i] = byte + 0x20;
    }
  }
  return out ?? label;
}

/** RFC 4034 §6.2 canonical name: uncompressed, lower case. */
export const canonicalNameWire = (name: WireName): Buffer =>
  new WireName(name.labels.map(lowerLabel)).toWire();

/**
 * RFC 4034 §6.1 canonical order: labels compared from the rightmost, each as a lower-cased octet string
 * (a shorter label that is a prefix of the other sorts first), a name before the names below it.
 */
export function compareCanonical(a: WireName, b: WireName): number {
  const la = a.labels.length;
  const lb = b.labels.length;
  for (let i = 1; i <= Math.min(la, lb); i++) {
    const order = Buffer.compare(lowerLabel(a.labels[la - i]), lowerLabel(b.labels[lb - i]));
    if (order !== 0) return order;
  }
  return la - lb;
}

/**
 * The types whose rdata names are lowered for signing: RFC 4034 §6.2 item 3 as RFC 6840 §5.1 corrects it
 * (NSEC's next name is left as it is; the service writes it in lower case anyway).
 */
const DOWNCASED_TYPES = new Set(
  'NS MD MF CNAME SOA MB MG MR PTR HINFO MINFO MX RP AFSDB RT SIG PX NXT NAPTR KX SRV DNAME A6 RRSIG'.split(
    ' ',
  ),
);

/** A record's rdata in canonical form (RFC 4034 §6.2) from the presentation text the service stores. */
export function canonicalWireRdata(type: string, data: string): Buffer {
  const rdata = rdataToWire(type, data);
  if (Buffer.isBuffer(rdata)) return rdata;
  const lower = DOWNCASED_TYPES.has(type.toUpperCase());
  return Buffer.concat(
    rdata.map((part) => {
      if (Buffer.isBuffer(part)) return part;
      const name = part instanceof LiteralName ? part.name : part;
      return lower ? canonicalNameWire(name) : name.toWire();
    }),
  );
}

/** The RRset's distinct rdata in canonical order (RFC 4034 §6.3). */
export function canonicalWireRdataSet(type: string, records: readonly string[]): Buffer[] {
  const sorted = records.map((data) => canonicalWireRdata(type, data)).sort(Buffer.compare);
  return sorted.filter((rdata, i) => i === 0 || !rdata.equals(sorted[i - 1]));
}

/** RFC 4034 §3.1.3: the owner's labels, the root and a leading wildcard label not counted. */
export function signatureLabels(owner: WireName): number {
  const first = owner.labels[0];
  const wildcard = first !== undefined && first.length === 1 && first[0] === 0x2a;
  return owner.labelCount - (wildcard ? 1 : 0);
}
