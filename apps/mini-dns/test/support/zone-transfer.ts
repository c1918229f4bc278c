import { TYPE_CODES, rcodeName } from '@zonewarden/dns';
import { normalisedRecord } from './answer-view';
import { Reply } from './dns-client';

export interface Transfer {
  /** Normalised records, the closing SOA left out. */
  records: string[];
  /** What breaks RFC 5936's shape: failures, an error rcode, no SOA first or last, duplicates. */
  problems: string[];
}

export function readTransfer(replies: Reply[]): Transfer {
  const problems: string[] = [];
  const all: string[] = [];
  const types: number[] = [];
  for (const reply of replies) {
    if ('failure' in reply) {
      problems.push(`${reply.failure}: ${reply.detail}`);
      continue;
    }
    const rcode = reply.message.flags & 0x0f;
    if (rcode) problems.push(`rcode ${rcodeName(rcode)}`);
    for (const record of reply.message.answers) {
      all.push(normalisedRecord(reply.bytes, record));
      types.push(record.type);
    }
  }
  if (!replies.length) problems.push('no answer');
  if (types[0] !== TYPE_CODES.SOA) problems.push('the first record is not the SOA');
  if (types.length < 2 || types[types.length - 1] !== TYPE_CODES.SOA)
    problems.push('the last record is not the SOA');
  else if (all[0] !== all[all.length - 1]) problems.push('the closing SOA is not the opening one');
  const records = all.slice(0, -1);
  const duplicates = records.filter((record, i) => records.indexOf(record) !== i);
  if (duplicates.length)
    problems.push(`duplicate records: ${[...new Set(duplicates)].slice(0, 5).join('; ')}`);
  return { records, problems };
}

/** Problems of our transfer, then the records only one side transferred (at most `limit` of each). */
export function transferDifferences(ours: Transfer, theirs: Transfer, limit = 20): string[] {
  const theirSet = new Set(theirs.records);
  const ourSet = new Set(ours.records);
  const onlyOurs = [...ourSet].filter((record) => !theirSet.has(record));
  const onlyTheirs = [...theirSet].filter((record) => !ourSet.has(record));
  return [
    ...ours.problems,
    ...theirs.problems.map((problem) => `(the oracle) ${problem}`),
    ...onlyOurs.slice(0, limit).map((record) => `only ours: ${record}`),
    ...onlyTheirs.slice(0, limit).map((record) => `only the oracle's: ${record}`),
    ...(onlyOurs.length > limit || onlyTheirs.length > limit
      ? [`(${onlyOurs.length} records only ours, ${onlyTheirs.length} only the oracle's)`]
      : []),
  ];
}
