import { useState } from 'preact/hooks';
import { api } from '../api';
import { ConfirmButton, ErrorNote, Field, Section, onSubmit, useAction, useLoad } from '../ui';
import type { ZoneTabProps } from './zone-page';
import { zonePath } from './zone-api';

interface Share {
  id: string;
  target_project_id: string;
  created_at: string;
}

/** The projects the zone is shared with (they may add record sets of their own to it); share, unshare. */
export function SharesTab({ zone, canWrite }: ZoneTabProps) {
  const shares = useLoad(() => api<{ shared_zones: Share[] }>(zonePath(zone.id, 'shares')), [zone.id]);
  const [target, setTarget] = useState('');
  const share = useAction(async () => {
    await api(zonePath(zone.id, 'shares'), { method: 'POST', json: { target_project_id: target.trim() } });
    setTarget('');
    shares.reload();
    return true;
  });
  const unshare = useAction(async (id: string) => {
    await api(zonePath(zone.id, 'shares', id), { method: 'DELETE' });
    shares.reload();
    return true;
  });
  const list = shares.data?.shared_zones ?? [];
  return (
    <>
      <Section title="Shared with">
        <ErrorNote error={shares.error ?? unshare.error} />
        {list.length === 0 && !shares.loading && <p>No project.</p>}
        <ul class="plain">
          {list.map((item) => (
            <li key={item.id}>
              <code>{item.target_project_id}</code>{' '}
              {canWrite && (
                <ConfirmButton
                  label="Unshare"
                  confirm={`Stop sharing with ${item.target_project_id}?`}
                  onConfirm={() => void unshare.run(item.id)}
                />
              )}
            </li>
          ))}
        </ul>
      </Section>
      {canWrite && (
        <Section title="Share with a project">
          <form aria-label="Share the zone" onSubmit={onSubmit(share.run)}>
            <Field
              label="Project id"
              name="target_project_id"
              value={target}
              onValue={setTarget}
              error={share.problem('target_project_id')}
              hint="It may then add record sets of its own to this zone."
              required
            />
            <ErrorNote error={share.error} />
            <button type="submit" class="primary" disabled={share.busy}>
              Share
            </button>
          </form>
        </Section>
      )}
    </>
  );
}
