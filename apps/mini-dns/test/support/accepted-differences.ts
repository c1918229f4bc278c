import { FLAG, Message, RCODE, TYPE_CODES } from '@zonewarden/dns';
import { normalisedRecord } from './answer-view';
import { Reply } from './dns-client';
import { PlannedQuery } from './query-plan';

/**
 * A way mini-dns may answer differently from BIND 9 because the RFCs leave a choice and BIND makes one of
 * its own. Each entry names the RFC text that allows it; its predicate must match that difference only.
 * The same list, with the reasons, is in docs/dns-server.md.
 */
export interface AcceptedDifference {
  id: string;
  /** The RFC (and section) that permits the difference. */
  rfc: string;
  reason: string;
  matches(query: PlannedQuery, ours: Reply, bind: Reply): boolean;
}

type Answered = Extract<Reply, { message: Message }>;
const answered = (reply: Reply): reply is Answered => 'message' in reply;
const flag = (reply: Answered, mask: number) => (reply.message.flags & mask) !== 0;
const rcode = (reply: Answered) => reply.message.flags & 0x0f;
const records = (reply: Answered, section: 'answers' | 'authorities' | 'additionals') =>
  reply.message[section]
    .filter((record) => record.type !== TYPE_CODES.OPT)
    .map((record) => normalisedRecord(reply.bytes, record));
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The largest UDP response the query allows (RFC 6891 §6.2.5; 1232 is both servers' own size). */
const udpLimit = (query: PlannedQuery) =>
  query.transport === 'tcp' ? 65_535 : query.edns ? Math.min(Math.max(query.edns.payload, 512), 1232) : 512;

/** BIND's max-restarts (9.18): the 12th CNAME/DNAME link it meets ends the answer in SERVFAIL. */
const BIND_CHAIN_LINKS = 12;

export const ACCEPTED_DIFFERENCES: readonly AcceptedDifference[] = [
  {
    id: 'chain-longer-than-bind-follows',
    rfc: 'RFC 1034 §3.6.2 (no chain length is set)',
    reason:
      'BIND stops after 11 restarts with SERVFAIL; mini-dns follows CNAME/DNAME chains of up to 16 links, so ' +
      'a chain of 12–16 links resolves (or, longer, fails later with more of it in the answer).',
    matches: (_query, ours, bind) => {
      if (!answered(ours) || !answered(bind) || rcode(bind) !== RCODE.SERVFAIL) return false;
      const theirs = records(bind, 'answers');
      const links = bind.message.answers.filter((r) => r.type === TYPE_CODES.CNAME).length;
      const mine = records(ours, 'answers');
      // Truncated, BIND's copy holds only the start of the chain, or none (its synthesized names compress less).
      const bindStopped =
        links === BIND_CHAIN_LINKS || (flag(bind, FLAG.TC) && rcode(ours) === RCODE.SERVFAIL);
      return bindStopped && theirs.every((record) => mine.includes(record));
    },
  },
  {
    id: 'truncated-content',
    rfc: 'RFC 2181 §9',
    reason:
      'A response with TC set is to be ignored and asked again over TCP; which records of an RRset that ' +
      'does not fit go in it is left open (BIND sends a random part or none, mini-dns none of the answer).',
    matches: (_query, ours, bind) =>
      answered(ours) &&
      answered(bind) &&
      flag(ours, FLAG.TC) &&
      flag(bind, FLAG.TC) &&
      rcode(ours) === rcode(bind) &&
      flag(ours, FLAG.AA) === flag(bind, FLAG.AA),
  },
  {
    id: 'optional-additional-data-that-fits',
    rfc: 'RFC 2181 §9',
    reason:
      'Additional data that does not fit is left out without TC; names compress a little differently, so an ' +
      "RRset that just fits one server's message may not fit the other's.",
    matches: (query, ours, bind) => {
      if (!answered(ours) || !answered(bind) || flag(ours, FLAG.TC) || flag(bind, FLAG.TC)) return false;
      if (rcode(ours) !== rcode(bind) || flag(ours, FLAG.AA) !== flag(bind, FLAG.AA)) return false;
      if (!sameSet(records(ours, 'answers'), records(bind, 'answers'))) return false;
      if (!sameSet(records(ours, 'authorities'), records(bind, 'authorities'))) return false;
      const [fewer, more] = [ours, bind].sort(
        (a, b) => a.message.additionals.length - b.message.additionals.length,
      );
      const kept = records(fewer, 'additionals');
      const all = records(more, 'additionals');
      if (!kept.every((record) => all.includes(record))) return false;
      const missing = more.message.additionals.filter(
        (r) => r.type !== TYPE_CODES.OPT && !kept.includes(normalisedRecord(more.bytes, r)),
      );
      if (missing.length === 0) return false;
      // The first RRset left out would not have fit: a record costs 12 octets (owner pointer, header) and its rdata.
      const first = missing.filter((r) => r.name.key === missing[0].name.key && r.type === missing[0].type);
      const cost = first.reduce((sum, r) => sum + 12 + r.rdata.length, 0);
      return fewer.bytes.length + cost > udpLimit(query);
    },
  },
  {
    id: 'in-domain-glue-sets-tc',
    rfc: 'RFC 9471 §3.1',
    reason:
      'When the glue of in-domain nameservers does not all fit a referral, the server MUST set TC; BIND 9.18 ' +
      'leaves the rest out without TC.',
    matches: (_query, ours, bind) =>
      answered(ours) &&
      answered(bind) &&
      flag(ours, FLAG.TC) &&
      !flag(bind, FLAG.TC) &&
      !flag(bind, FLAG.AA) &&
      rcode(ours) === rcode(bind) &&
      sameSet(records(ours, 'answers'), records(bind, 'answers')) &&
      sameSet(records(ours, 'authorities'), records(bind, 'authorities')) &&
      bind.message.authorities.every((r) => r.type === TYPE_CODES.NS) &&
      [...ours.message.additionals, ...bind.message.additionals].every((r) =>
        [TYPE_CODES.A, TYPE_CODES.AAAA, TYPE_CODES.OPT].includes(r.type),
      ),
  },
  {
    id: 'no-ad-bit-on-an-empty-answer',
    rfc: 'RFC 4035 §3.2.3, RFC 6840 §5.8',
    reason:
      'AD claims the answer and authority data are authentic; mini-dns serves unsigned data and never sets it, ' +
      'where BIND sets it to a DO query whose answer holds nothing at all.',
    matches: (_query, ours, bind) =>
      answered(ours) &&
      answered(bind) &&
      (ours.message.flags | FLAG.AD) === bind.message.flags &&
      !flag(ours, FLAG.AD) &&
      ours.message.answers.length + ours.message.authorities.length === 0 &&
      bind.message.answers.length + bind.message.authorities.length === 0,
  },
];

/** The id of the accepted difference that covers this pair of answers, if any. */
export function acceptedBy(query: PlannedQuery, ours: Reply, bind: Reply): string | undefined {
  return ACCEPTED_DIFFERENCES.find((entry) => entry.matches(query, ours, bind))?.id;
}
