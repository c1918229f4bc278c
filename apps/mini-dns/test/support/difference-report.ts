import { MessageRecord, TYPE_CODES, typeName } from '@zonewarden/dns';
import { Field, differingFields, normalisedRecord, viewOf } from './answer-view';
import { Reply } from './dns-client';
import { PlannedQuery } from './query-plan';
import { describeQuery, digText, recordText } from './reply-format';

export interface Difference {
  query: PlannedQuery;
  ours: Reply;
  theirs: Reply;
  fields: Field[];
}

export function compareReplies(query: PlannedQuery, ours: Reply, theirs: Reply): Difference | undefined {
  const fields = differingFields(viewOf(ours), viewOf(theirs));
  return fields.length ? { query, ours, theirs, fields } : undefined;
}

const shapeOf = (query: PlannedQuery) => `${query.transport}${query.edns ? '+edns' : ''}`;
const signature = (d: Difference) => `${d.fields.join(',')} @ ${d.query.kind}`;

function countBy<T>(items: T[], key: (item: T) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

const top = (counts: [string, number][], n = 8) =>
  counts
    .slice(0, n)
    .map(([key, count]) => `${key} ${count}`)
    .join(', ') + (counts.length > n ? ', …' : '');

/** Counts per differing field, each split by what the name is, the query type and the transport. */
export function categorySummary(differences: Difference[]): string {
  const lines: string[] = [];
  for (const [field, count] of countBy(
    differences.flatMap((d) => d.fields.map((field) => ({ field, d }))),
    (x) => x.field,
  )) {
    const these = differences.filter((d) => d.fields.includes(field as Field));
    lines.push(`  ${field}: ${count}`);
    lines.push(`    by name: ${top(countBy(these, (d) => d.query.kind))}`);
    lines.push(`    by type: ${top(countBy(these, (d) => typeName(d.query.type)))}`);
    lines.push(`    by transport: ${top(countBy(these, (d) => shapeOf(d.query)))}`);
  }
  return lines.join('\n');
}

function records(reply: Reply, pick: 'answers' | 'authorities' | 'additionals'): Map<string, string> {
  if (!('message' in reply)) return new Map();
  const list: MessageRecord[] = reply.message[pick].filter((record) => record.type !== TYPE_CODES.OPT);
  return new Map(
    list.map((record) => [normalisedRecord(reply.bytes, record), recordText(reply.bytes, record)]),
  );
}

/** For each differing section, the records only one side sent. */
function sectionDelta(d: Difference, oursName: string, theirsName: string): string[] {
  const lines: string[] = [];
  const sections = { answer: 'answers', authority: 'authorities', additional: 'additionals' } as const;
  for (const [field, pick] of Object.entries(sections)) {
    if (!d.fields.includes(field as Field)) continue;
    const ours = records(d.ours, pick);
    const theirs = records(d.theirs, pick);
    for (const [key, text] of ours) if (!theirs.has(key)) lines.push(`  ${field}, only ${oursName}: ${text}`);
    for (const [key, text] of theirs)
      if (!ours.has(key)) lines.push(`  ${field}, only ${theirsName}: ${text}`);
  }
  return lines;
}

const indent = (text: string) => text.replace(/^/gm, '    ');

export function describeDifference(d: Difference, oursName: string, theirsName: string): string {
  return [
    `query: ${describeQuery(d.query)}`,
    `  differs in: ${d.fields.join(', ')}`,
    ...sectionDelta(d, oursName, theirsName),
    `  ${oursName}:`,
    indent(digText(d.ours)),
    `  ${theirsName}:`,
    indent(digText(d.theirs)),
  ].join('\n');
}

/**
 * The failure message: how many answers differed, the count per category, then one example of each of
 * the first `examples` categories (fields that differ × what the name is), in the order met.
 */
export function differenceReport(
  differences: Difference[],
  total: number,
  names: { ours: string; theirs: string },
  examples = 15,
): string {
  const firstOfEach = new Map<string, Difference>();
  for (const d of differences) if (!firstOfEach.has(signature(d))) firstOfEach.set(signature(d), d);
  const shown = [...firstOfEach.values()].slice(0, examples);
  return [
    `${differences.length} of ${total} queries answered differently by ${names.ours} and ${names.theirs}.`,
    'Differences per field:',
    categorySummary(differences),
    `Categories (fields × name): ${top(countBy(differences, signature), 40)}`,
    `First example of ${shown.length} of ${firstOfEach.size} categories:`,
    ...shown.map((d, i) => `#${i + 1} ${describeDifference(d, names.ours, names.theirs)}`),
  ].join('\n');
}
