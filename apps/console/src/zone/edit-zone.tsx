import { useState } from 'preact/hooks';
import { api } from '../api';
import type { Zone } from '../types';
import { ErrorNote, Field, onSubmit, useAction } from '../ui';
import { zonePath } from './zone-api';

/** The zone's own fields: email, TTL, description (a secondary zone's email and TTL are its master's). */
export function EditZoneForm({ zone, onChanged }: { zone: Zone; onChanged: () => void }) {
  const [email, setEmail] = useState(zone.email);
  const [ttl, setTtl] = useState(String(zone.ttl));
  const [description, setDescription] = useState(zone.description ?? '');
  const [saved, setSaved] = useState(false);
  const save = useAction(async () => {
    setSaved(false);
    const primary = zone.type !== 'SECONDARY';
    await api(zonePath(zone.id), {
      method: 'PATCH',
      json: {
        ...(primary && email !== zone.email && { email: email.trim() }),
        ...(primary && ttl !== String(zone.ttl) && { ttl: Number.isNaN(Number(ttl)) ? ttl : Number(ttl) }),
        description: description || null,
      },
    });
    setSaved(true);
    onChanged();
    return true;
  });
  return (
    <details class="panel">
      <summary>Edit the zone</summary>
      <form aria-label="Edit the zone" onSubmit={onSubmit(save.run)}>
        {zone.type !== 'SECONDARY' && (
          <div class="row">
            <Field
              label="Email"
              name="email"
              value={email}
              onValue={setEmail}
              error={save.problem('email')}
            />
            <Field
              label="TTL (seconds)"
              name="ttl"
              inputMode="numeric"
              value={ttl}
              onValue={setTtl}
              error={save.problem('ttl')}
            />
          </div>
        )}
        <Field
          label="Description"
          name="description"
          value={description}
          onValue={setDescription}
          error={save.problem('description')}
        />
        <ErrorNote error={save.error} />
        <button type="submit" class="primary" disabled={save.busy}>
          Save
        </button>
        {saved && <span role="status"> Saved.</span>}
      </form>
    </details>
  );
}
