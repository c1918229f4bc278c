import {
  EDNS_DO,
  FLAG,
  Message,
  MessageRecord,
  TYPE_CODES,
  expandedRdata,
  rcodeName,
  readEdns,
  typeName,
} from '@zonewarden/dns';
import { Reply } from './dns-client';

/** What is compared between two answers, one string per field. */
export const FIELDS = [
  'reply',
  'rcode',
  'opcode',
  'aa',
  'tc',
  'rd',
  'cd',
  'other flags',
  'question',
  'opt',
  'do',
  'answer',
  'authority',
  'additional',
] as const;
export type Field = (typeof FIELDS)[number];
export type AnswerView = Record<Field, string>;

const bit = (flags: number, mask: number) => ((flags & mask) !== 0 ? '1' : '0');
const OTHER_FLAGS: [string, number][] = [
  ['qr', FLAG.QR],
  ['ra', FLAG.RA],
  ['z', 0x0040],
  ['ad', FLAG.AD],
];

export const classText = (klass: number) => (klass === 1 ? 'IN' : `CLASS${klass}`);

/**
 * A record as compared: owner in lower case (servers may answer in the query's case or the zone's),
 * type, class, TTL and the rdata bytes with names decompressed (letter case kept).
 */
export function normalisedRecord(bytes: Buffer, record: MessageRecord): string {
  let rdata: string;
  try {
    rdata = expandedRdata(bytes, record).toString('hex');
  } catch (error) {
    rdata = `<bad rdata: ${(error as Error).message}>`;
  }
  return `${record.name.key}. ${record.ttl} ${classText(record.klass)} ${typeName(record.type)} ${rdata}`;
}

/**
 * A section's records, sorted rather than deduplicated: a record sent twice is a difference too (RFC 2181
 * §5). Of a truncated answer only which RRsets it holds: the client ignores its records (RFC 2181 §9), and
 * BIND fills it with a random part of an RRset that does not fit (its rrset-order), different every time.
 */
function section(bytes: Buffer, records: MessageRecord[], truncated: boolean): string {
  const lines = records.map((record) =>
    truncated
      ? `${record.name.key}. ${classText(record.klass)} ${typeName(record.type)} (some records)`
      : normalisedRecord(bytes, record),
  );
  return (truncated ? [...new Set(lines)] : lines).sort().join('\n');
}

export function optOf(message: Message): MessageRecord | undefined {
  return message.additionals.find((record) => record.type === TYPE_CODES.OPT);
}

/** The compared fields of a reply; a server that gave no usable answer differs only in `reply`. */
export function viewOf(reply: Reply): AnswerView {
  const view = Object.fromEntries(FIELDS.map((field) => [field, ''])) as AnswerView;
  if ('failure' in reply) {
    view.reply = reply.failure;
    return view;
  }
  const { message, bytes } = reply;
  const opts = message.additionals.filter((record) => record.type === TYPE_CODES.OPT);
  const edns = opts.length === 1 ? readEdns(opts[0]) : undefined;
  view.reply = 'answer';
  view.rcode = rcodeName(((edns?.extendedRcode ?? 0) << 4) | (message.flags & 0x0f));
  view.opcode = String(message.opcode);
  view.aa = bit(message.flags, FLAG.AA);
  view.tc = bit(message.flags, FLAG.TC);
  view.rd = bit(message.flags, FLAG.RD);
  view.cd = bit(message.flags, FLAG.CD);
  view['other flags'] = OTHER_FLAGS.filter(([, mask]) => message.flags & mask)
    .map(([name]) => name)
    .join(' ');
  view.question = message.questions
    .map((q) => `${q.name.toString()} ${classText(q.klass)} ${typeName(q.type)}`)
    .join('; ');
  view.opt = opts.length === 0 ? 'none' : edns ? `version ${edns.version}` : `${opts.length} OPT records`;
  view.do = edns ? bit(edns.flags, EDNS_DO) : '';
  const truncated = (message.flags & FLAG.TC) !== 0;
  view.answer = section(bytes, message.answers, truncated);
  view.authority = section(bytes, message.authorities, truncated);
  view.additional = section(
    bytes,
    message.additionals.filter((record) => record.type !== TYPE_CODES.OPT),
    truncated,
  );
  return view;
}

/** The fields in which two replies differ. */
export function differingFields(ours: AnswerView, theirs: AnswerView): Field[] {
  if (ours.reply !== theirs.reply) return ['reply'];
  return FIELDS.filter((field) => ours[field] !== theirs[field]);
}
