import { useState } from 'preact/hooks';
import { api } from '../api';
import {
  ConfirmButton,
  CopyText,
  ErrorNote,
  Field,
  Section,
  Select,
  useAction,
  useLoad,
  onSubmit,
} from '../ui';
import { TYPE_NAMES } from './record-types';
import type { ZoneTabProps } from './zone-page';
import { zonePath } from './zone-api';

interface Grant {
  id: string;
  key_name: string;
  algorithm: string;
  names: { match: string; name: string | null }[];
  types: string[];
  allow_transfer: boolean;
  description: string | null;
  secret?: string;
}

const ALGORITHMS = ['hmac-sha256', 'hmac-sha384', 'hmac-sha512', 'hmac-sha1'];

/**
 * RFC 2136 update grants: a TSIG key per grant with the names and types it may change (nsupdate,
 * certbot, external-dns). The secret is shown once, when the grant is made.
 */
export function UpdateGrantsTab({ zone, canWrite }: ZoneTabProps) {
  const grants = useLoad(
    () => api<{ update_grants: Grant[] }>(zonePath(zone.id, 'update_grants')),
    [zone.id],
  );
  const [keyName, setKeyName] = useState('');
  const [algorithm, setAlgorithm] = useState(ALGORITHMS[0]);
  const [match, setMatch] = useState('name');
  const [name, setName] = useState('');
  const [types, setTypes] = useState('');
  const [transfer, setTransfer] = useState(false);
  const [created, setCreated] = useState<Grant | null>(null);
  const create = useAction(async () => {
    const grant = await api<Grant>(zonePath(zone.id, 'update_grants'), {
      method: 'POST',
      json: {
        key_name: keyName.trim(),
        algorithm,
        names: [match === 'zone' ? { match } : { match, name: name.trim() }],
        types: types
          .split(/[\s,]+/)
          .map((type) => type.trim().toUpperCase())
          .filter(Boolean),
        allow_transfer: transfer,
      },
    });
    setCreated(grant);
    grants.reload();
    return grant;
  });
  const remove = useAction(async (id: string) => {
    await api(zonePath(zone.id, 'update_grants', id), { method: 'DELETE' });
    grants.reload();
    return true;
  });
  return (
    <>
      <Section title="Update grants">
        <ErrorNote error={grants.error ?? remove.error} />
        {grants.data?.update_grants.length === 0 && <p>None: no key may update this zone.</p>}
        <ul class="plain">
          {grants.data?.update_grants.map((grant) => (
            <li key={grant.id}>
              <code>{grant.key_name}</code> ({grant.algorithm}) ·{' '}
              {grant.names
                .map((n) => (n.match === 'zone' ? 'the whole zone' : `${n.match} ${n.name}`))
                .join(', ')}{' '}
              · {grant.types.length ? grant.types.join(', ') : 'every type'}
              {grant.allow_transfer ? ' · may transfer' : ''}{' '}
              {canWrite && (
                <ConfirmButton
                  label="Delete grant"
                  confirm={`Delete the grant of ${grant.key_name}?`}
                  onConfirm={() => void remove.run(grant.id)}
                />
              )}
            </li>
          ))}
        </ul>
      </Section>
      {canWrite && (
        <Section title="Grant a key">
          <form aria-label="Create an update grant" onSubmit={onSubmit(create.run)}>
            <Field
              label="Key name"
              name="key_name"
              value={keyName}
              onValue={setKeyName}
              error={create.problem('key_name')}
              hint="A DNS name: acme-key."
              required
            />
            <Select label="Algorithm" value={algorithm} onValue={setAlgorithm} options={ALGORITHMS} />
            <Select
              label="May change"
              value={match}
              onValue={setMatch}
              options={[
                ['name', 'One name'],
                ['subdomain', 'A name and every name below'],
                ['zone', 'The whole zone'],
              ]}
            />
            {match !== 'zone' && (
              <Field
                label="Name"
                name="grant_name"
                value={name}
                onValue={setName}
                error={create.problem('names')}
                hint={`Absolute: _acme-challenge.${zone.name}`}
              />
            )}
            <Field
              label="Types"
              name="types"
              value={types}
              onValue={setTypes}
              error={create.problem('types')}
              hint={`Comma-separated (empty: every type): ${TYPE_NAMES.slice(0, 4).join(', ')}…`}
            />
            <div class="field checkbox">
              <input
                id="grant-transfer"
                type="checkbox"
                checked={transfer}
                onChange={(e) => setTransfer((e.currentTarget as HTMLInputElement).checked)}
              />
              <label for="grant-transfer">May also transfer the zone (AXFR)</label>
            </div>
            <ErrorNote error={create.error} />
            <button type="submit" class="primary" disabled={create.busy}>
              Create grant
            </button>
          </form>
          {created?.secret && (
            <div class="secret" role="status">
              <p>
                <strong>Shown once:</strong> the key's secret. Keep it where the updating tool reads it.
              </p>
              <CopyText
                label={`Secret of ${created.key_name} (${created.algorithm})`}
                value={created.secret}
              />
            </div>
          )}
        </Section>
      )}
    </>
  );
}
