import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { lineOf } from '../tasks';
import type { BatchAction, RecordSet, ZoneChange } from '../types';
import { ErrorNote, Field, useAction, useLoad, onSubmit } from '../ui';
import { RecordSetDiff } from './diff';
import type { ZoneTabProps } from './zone-page';
import { allRecordSets, isManaged, relativeName, zonePath } from './zone-api';

/** The zone's record sets as a zonefile (without the service's SOA and apex NS), names relative. */
export function zonefileOf(zone: { name: string; ttl: number }, sets: RecordSet[]): string {
  const lines = [`$ORIGIN ${zone.name}`, `$TTL ${zone.ttl}`];
  for (const set of sets) {
    if (isManaged(set, zone.name)) continue;
    const ttl = set.ttl === null ? '' : ` ${set.ttl}`;
    for (const record of set.records)
      lines.push(`${relativeName(set.name, zone.name)}${ttl} IN ${set.type} ${record}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * "Edit as text": the zone as a zonefile in an editor; the difference is computed by the gateway and
 * shown first, then applied as one batch — one change, one serial.
 */
export function EditAsText({ zone, canWrite, onChanged }: ZoneTabProps) {
  const sets = useLoad(() => allRecordSets(zone.id), [zone.id]);
  const [text, setText] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [plan, setPlan] = useState<{ changes: BatchAction[]; unchanged: number } | null>(null);
  const [applied, setApplied] = useState<ZoneChange | null>(null);
  useEffect(() => {
    if (sets.data && text === null) setText(zonefileOf(zone, sets.data));
  }, [sets.data]);
  const compare = useAction(async () => {
    setApplied(null);
    const answer = await api<{ changes: BatchAction[]; unchanged: number }>(
      zonePath(zone.id, 'changes', 'from_zonefile'),
      {
        method: 'POST',
        json: { zonefile: text ?? '' },
      },
    );
    setPlan(answer);
    return answer;
  });
  const apply = useAction(async () => {
    const change = await api<ZoneChange>(zonePath(zone.id, 'changes'), {
      method: 'POST',
      json: { ...(comment.trim() && { comment: comment.trim() }), changes: plan?.changes ?? [] },
    });
    setApplied(change);
    setPlan(null);
    setComment('');
    onChanged();
    const fresh = await allRecordSets(zone.id);
    setText(zonefileOf(zone, fresh));
    return change;
  });
  const before = new Map((sets.data ?? []).map((set) => [`${set.name} ${set.type}`, set]));
  const line = compare.error instanceof Error ? lineOf(compare.error.message) : undefined;

  if (text === null) return sets.error ? <ErrorNote error={sets.error} /> : <p aria-busy="true">Loading…</p>;
  return (
    <form aria-label="Edit the zone as text" onSubmit={onSubmit(compare.run)}>
      <Field
        label={`Zonefile of ${zone.name}`}
        name="zonefile"
        multiline
        rows={Math.min(30, Math.max(8, text.split('\n').length + 2))}
        value={text}
        onValue={(value) => {
          setText(value);
          setPlan(null);
        }}
        hint="The SOA and the apex NS are the service's: they are not listed, and stay as they are."
      />
      <ErrorNote error={compare.error} />
      {line !== undefined && (
        <p class="error-line">
          Line {line}: <code>{text.split('\n')[line - 1]}</code>
        </p>
      )}
      <button type="submit" disabled={compare.busy || !canWrite}>
        Show the changes
      </button>
      {plan && (
        <section class="panel" aria-label="Changes to apply">
          <h2>
            {plan.changes.length === 0
              ? 'No changes: the text is the zone.'
              : `${plan.changes.length} change${plan.changes.length === 1 ? '' : 's'} (${plan.unchanged} record set${plan.unchanged === 1 ? '' : 's'} unchanged)`}
          </h2>
          {plan.changes.map((change) => {
            const was = before.get(`${change.name} ${change.type}`);
            return (
              <div key={`${change.name} ${change.type}`} class="change">
                <h3>
                  {change.action} {change.name} {change.type}
                </h3>
                <RecordSetDiff
                  name={change.name}
                  type={change.type}
                  zoneTtl={zone.ttl}
                  before={was ? { ttl: was.ttl, records: was.records } : null}
                  after={
                    change.action === 'DELETE'
                      ? null
                      : { ttl: change.ttl ?? null, records: change.records ?? [] }
                  }
                />
              </div>
            );
          })}
          {plan.changes.length > 0 && (
            <>
              <Field
                label="Comment (kept in the history)"
                name="comment"
                value={comment}
                onValue={setComment}
              />
              <ErrorNote error={apply.error} />
              <button type="button" class="primary" disabled={apply.busy} onClick={() => void apply.run()}>
                Apply as one change
              </button>
            </>
          )}
        </section>
      )}
      {applied && (
        <p class="notice" role="status">
          Applied as one change: serial {applied.previous_serial ?? '–'} → {applied.serial}.
        </p>
      )}
    </form>
  );
}
