import { useState } from 'preact/hooks';
import { api, nextMarker, query } from '../api';
import type { Links, ZoneChange } from '../types';
import { ConfirmButton, ErrorNote, Status, useAction, useInterval, useLoad } from '../ui';
import { RecordSetDiff } from './diff';
import type { ZoneTabProps } from './zone-page';
import { zonePath } from './zone-api';

const PAGE_SIZE = 20;

/** The zone's changes, newest first: who, when, from where, each record set before and after; revert one. */
export function HistoryTab({ zone, canWrite, onChanged }: ZoneTabProps) {
  const [markers, setMarkers] = useState<string[]>([]);
  const marker = markers.at(-1);
  const page = useLoad(
    () =>
      api<{ changes: ZoneChange[]; links: Links }>(
        `${zonePath(zone.id, 'changes')}${query({ sort_dir: 'desc', limit: PAGE_SIZE, marker })}`,
      ),
    [zone.id, zone.serial, marker],
  );
  const revert = useAction(async (change: ZoneChange) => {
    await api(zonePath(zone.id, 'changes', change.id, 'revert'), { method: 'POST', json: {} });
    onChanged();
    return true;
  });
  const changes = page.data?.changes ?? [];
  useInterval(
    page.reload,
    2000,
    changes.some((change) => change.status === 'PENDING'),
  );
  const next = nextMarker(page.data?.links);
  return (
    <>
      <ErrorNote error={page.error ?? revert.error} />
      <ol class="history">
        {changes.map((change) => (
          <li key={change.id} class="panel">
            <div class="change-head">
              <h3>
                Serial {change.previous_serial ?? '–'} → {change.serial}
              </h3>
              <Status status={change.status} />
              <span class="muted">
                {change.created_at.replace('T', ' ').slice(0, 19)} UTC · {change.source} ·{' '}
                {change.actor.key_name ?? change.actor.user_id ?? 'the service'}
              </span>
            </div>
            {change.comment && <p class="comment">{change.comment}</p>}
            {change.rrsets.map((rrset) => (
              <RecordSetDiff key={`${rrset.name} ${rrset.type}`} {...rrset} zoneTtl={zone.ttl} />
            ))}
            {canWrite && change.rrsets.length > 0 && (
              <ConfirmButton
                label="Revert"
                confirm={`Undo the change to serial ${change.serial}?`}
                busy={revert.busy}
                onConfirm={async () => {
                  if (await revert.run(change)) setMarkers([]);
                }}
              />
            )}
          </li>
        ))}
      </ol>
      <nav class="pager" aria-label="Pages of history">
        <button type="button" disabled={!markers.length} onClick={() => setMarkers(markers.slice(0, -1))}>
          Newer
        </button>
        <button type="button" disabled={!next} onClick={() => next && setMarkers([...markers, next])}>
          Older
        </button>
      </nav>
    </>
  );
}
