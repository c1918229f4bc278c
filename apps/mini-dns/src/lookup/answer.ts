import { RCODE, TYPE_CODES, WireName } from '@zonewarden/dns';
import { OwnedRRset, RRset } from '../zone/zone-tree';

/**
 * The three sections of an answer being built. An RRset goes into the message once (RFC 2181 §5): adding
 * a name and type already present in any section is a no-op, as BIND's duplicate check does. For a
 * DNSSEC client (`dnssec`: the DO bit, RFC 4035 §3.1) of a signed zone each RRset brings its signatures.
 */
export class Answer {
  rcode: number = RCODE.NOERROR;
  authoritative = true;
  readonly answer: OwnedRRset[] = [];
  readonly authority: OwnedRRset[] = [];
  readonly additional: OwnedRRset[] = [];
  private readonly present = new Set<string>();

  constructor(readonly dnssec = false) {}

  has(owner: WireName, type: number): boolean {
    return this.present.has(`${type}/${owner.key}`);
  }

  /**
   * `required`: an additional RRset that must fit or the response is truncated, the in-domain glue of a
   * referral (RFC 9471 §3.1); the rest of the additional section is optional (RFC 2181 §9).
   */
  add(section: OwnedRRset[], owner: WireName, rrset: RRset, required = false): boolean {
    const key = `${rrsetType(rrset)}/${owner.key}`;
    if (this.present.has(key)) return false;
    this.present.add(key);
    const owned: OwnedRRset = required ? { owner, rrset, required } : { owner, rrset };
    if (this.dnssec && rrset.rrsig) {
      owned.rrsig = rrset.rrsig;
      this.present.add(`${rrsetType(rrset.rrsig)}/${owner.key}`);
    }
    section.push(owned);
    return true;
  }
}

/** An answer that carries no data: REFUSED, FORMERR, NOTIMP and the like. */
export function emptyAnswer(rcode: number): Answer {
  const answer = new Answer();
  answer.rcode = rcode;
  answer.authoritative = false;
  return answer;
}

/** An RRset's type; RRSIGs, one RRset per type they cover (RFC 4034 §3), as `RRSIG:covered`. */
function rrsetType(rrset: RRset): number | string {
  return rrset.type === TYPE_CODES.RRSIG
    ? `RRSIG:${(rrset.rdata[0] as Buffer[])[0].readUInt16BE(0)}`
    : rrset.type;
}
