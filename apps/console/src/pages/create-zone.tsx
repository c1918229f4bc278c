import { useState } from 'preact/hooks';
import { api } from '../api';
import { go } from '../router';
import type { Zone } from '../types';
import { ErrorNote, Field, useAction } from '../ui';

/** A new primary zone; the API's validation message for a field shows at that field. */
export function CreateZoneForm() {
  const [fields, setFields] = useState({ name: '', email: '', ttl: '', description: '' });
  const set = (name: keyof typeof fields) => (value: string) =>
    setFields((before) => ({ ...before, [name]: value }));
  const create = useAction(() =>
    api<Zone>('/v2/zones', {
      method: 'POST',
      json: {
        name: fields.name.trim(),
        email: fields.email.trim(),
        ...(fields.ttl.trim() && { ttl: Number.isNaN(Number(fields.ttl)) ? fields.ttl : Number(fields.ttl) }),
        ...(fields.description && { description: fields.description }),
      },
    }),
  );
  return (
    <form
      aria-label="Create a zone"
      onSubmit={async (event) => {
        event.preventDefault();
        const zone = await create.run();
        if (zone) go('zones', zone.id);
      }}
    >
      <Field
        label="Zone name"
        name="name"
        value={fields.name}
        onValue={set('name')}
        error={create.problem('name')}
        hint="Absolute, with the final dot: example.org."
        required
      />
      <Field
        label="Email"
        name="email"
        type="email"
        value={fields.email}
        onValue={set('email')}
        error={create.problem('email')}
        required
      />
      <Field
        label="TTL (seconds)"
        name="ttl"
        inputMode="numeric"
        value={fields.ttl}
        onValue={set('ttl')}
        error={create.problem('ttl')}
        hint="Empty: the service's default"
      />
      <Field
        label="Description"
        name="description"
        value={fields.description}
        onValue={set('description')}
        error={create.problem('description')}
      />
      <ErrorNote error={create.error} />
      <button type="submit" class="primary" disabled={create.busy}>
        Create zone
      </button>
    </form>
  );
}
