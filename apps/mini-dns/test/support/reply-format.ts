import {
  EDNS_DO,
  FLAG,
  MessageRecord,
  TYPE_CODES,
  canonicalIpv6,
  expandedRdata,
  quoted,
  rcodeName,
  readEdns,
  readName,
  typeName,
} from '@zonewarden/dns';
import { classText } from './answer-view';
import { Reply } from './dns-client';
import { PlannedQuery } from './query-plan';

/** One line for a query: name (as sent), type, transport, EDNS and header flags, what the name is. */
export function describeQuery(query: PlannedQuery): string {
  const edns = query.edns
    ? `edns ${query.edns.payload}${query.edns.version ? ` v${query.edns.version}` : ''}${query.edns.dnssecOk ? ' do' : ''}`
    : 'no edns';
  const flags = [query.rd && 'rd', query.cd && 'cd'].filter(Boolean).join(' ') || 'no flags';
  return `${query.name.toString()} ${typeName(query.type)} (${query.transport}, ${edns}, ${flags}) [${query.kind}]`;
}

const HEADER_FLAGS: [string, number][] = [
  ['qr', FLAG.QR],
  ['aa', FLAG.AA],
  ['tc', FLAG.TC],
  ['rd', FLAG.RD],
  ['ra', FLAG.RA],
  ['ad', FLAG.AD],
  ['cd', FLAG.CD],
];

/** A reply as `dig` prints it (records in the order sent). */
export function digText(reply: Reply): string {
  if ('failure' in reply) return `;; ${reply.failure}: ${reply.detail}`;
  const { message, bytes } = reply;
  const opt = message.additionals.find((record) => record.type === TYPE_CODES.OPT);
  const edns = opt ? readEdns(opt) : undefined;
  const flags = HEADER_FLAGS.filter(([, mask]) => message.flags & mask).map(([name]) => name);
  const rcode = rcodeName(((edns?.extendedRcode ?? 0) << 4) | (message.flags & 0x0f));
  const lines = [
    `;; opcode: ${message.opcode}, status: ${rcode}, flags: ${flags.join(' ')}; QUERY: ${message.questions.length}, ` +
      `ANSWER: ${message.answers.length}, AUTHORITY: ${message.authorities.length}, ADDITIONAL: ${message.additionals.length}, ${bytes.length} octets`,
  ];
  if (edns)
    lines.push(
      `;; OPT: version ${edns.version}, udp ${edns.udpPayloadSize}, flags${edns.flags & EDNS_DO ? ' do' : ''}`,
    );
  for (const q of message.questions)
    lines.push(`;${q.name.toString()} ${classText(q.klass)} ${typeName(q.type)}`);
  const sections: [string, MessageRecord[]][] = [
    ['ANSWER', message.answers],
    ['AUTHORITY', message.authorities],
    ['ADDITIONAL', message.additionals.filter((record) => record.type !== TYPE_CODES.OPT)],
  ];
  for (const [title, records] of sections) {
    if (!records.length) continue;
    lines.push(`;; ${title}`);
    for (const record of records) lines.push(recordText(bytes, record));
  }
  return lines.join('\n');
}

export function recordText(message: Buffer, record: MessageRecord): string {
  return `${record.name.toString()} ${record.ttl} ${classText(record.klass)} ${typeName(record.type)} ${rdataText(message, record)}`;
}

const name = (rdata: Buffer, at: number) => readName(rdata, at).name.toString();
const hexGroups = (rdata: Buffer) =>
  Array.from({ length: 8 }, (_, i) => rdata.readUInt16BE(i * 2).toString(16)).join(':');

function strings(rdata: Buffer): string {
  const out: string[] = [];
  for (let at = 0; at < rdata.length; at += 1 + rdata[at])
    out.push(quoted(rdata.subarray(at + 1, at + 1 + rdata[at])));
  return out.join(' ');
}

/** Presentation form for the types whose fields matter when reading a difference; RFC 3597 form otherwise. */
function rdataText(message: Buffer, record: MessageRecord): string {
  try {
    const rdata = expandedRdata(message, record);
    switch (typeName(record.type)) {
      case 'A':
        return [...rdata].join('.');
      case 'AAAA':
        return canonicalIpv6(hexGroups(rdata));
      case 'NS':
      case 'CNAME':
      case 'PTR':
      case 'DNAME':
        return name(rdata, 0);
      case 'MX':
        return `${rdata.readUInt16BE(0)} ${name(rdata, 2)}`;
      case 'SRV':
        return `${rdata.readUInt16BE(0)} ${rdata.readUInt16BE(2)} ${rdata.readUInt16BE(4)} ${name(rdata, 6)}`;
      case 'SOA': {
        const mname = readName(rdata, 0);
        const rname = readName(rdata, mname.next);
        const timers = [0, 4, 8, 12, 16].map((i) => rdata.readUInt32BE(rname.next + i));
        return `${mname.name.toString()} ${rname.name.toString()} ${timers.join(' ')}`;
      }
      case 'TXT':
      case 'SPF':
        return strings(rdata);
      default:
        return `\\# ${rdata.length} ${rdata.toString('hex')}`;
    }
  } catch (error) {
    return `<bad rdata: ${(error as Error).message}> \\# ${record.rdata.length} ${record.rdata.toString('hex')}`;
  }
}
