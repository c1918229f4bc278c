import type { RRsetState } from '../types';

interface Props {
  name: string;
  type: string;
  before: RRsetState | null;
  after: RRsetState | null;
  zoneTtl: number;
}

const ttlOf = (state: RRsetState, zoneTtl: number) => state.ttl ?? zoneTtl;

/**
 * One record set's difference as lines of a zonefile: removed records with `-`, added ones with `+`,
 * those that stay as they are (their TTL unchanged) without a mark.
 */
export function RecordSetDiff({ name, type, before, after, zoneTtl }: Props) {
  const line = (state: RRsetState, record: string) => `${name} ${ttlOf(state, zoneTtl)} IN ${type} ${record}`;
  const sameTtl = before && after && ttlOf(before, zoneTtl) === ttlOf(after, zoneTtl);
  const kept = new Set(sameTtl ? before.records.filter((record) => after.records.includes(record)) : []);
  const removed = before ? before.records.filter((record) => !kept.has(record)) : [];
  const added = after ? after.records.filter((record) => !kept.has(record)) : [];
  return (
    <pre class="diff" aria-label={`Changes of ${name} ${type}`}>
      {removed.map((record) => (
        <span class="removed" key={`-${record}`}>
          <span class="visually-hidden">removed: </span>- {line(before!, record)}
          {'\n'}
        </span>
      ))}
      {added.map((record) => (
        <span class="added" key={`+${record}`}>
          <span class="visually-hidden">added: </span>+ {line(after!, record)}
          {'\n'}
        </span>
      ))}
      {[...kept].map((record) => (
        <span class="kept" key={`=${record}`}>
          {'  '}
          {line(after!, record)}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}
