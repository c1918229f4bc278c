import { useState } from 'preact/hooks';
import { api } from '../api';
import { ConfirmButton, CopyText, ErrorNote, Field, Section, useAction, useLoad, onSubmit } from '../ui';
import type { ZoneTabProps } from './zone-page';

interface TransferRequest {
  id: string;
  zone_id: string;
  description: string | null;
  status: string;
  target_project_id: string | null;
  key?: string;
}

/**
 * Moving the zone to another project: a transfer request whose key is shown once, here, to hand to that
 * project (which accepts it on its "Accept a transfer" page); the requests still open, to cancel.
 */
export function TransferTab({ zone, canWrite }: ZoneTabProps) {
  const requests = useLoad(
    () => api<{ transfer_requests: TransferRequest[] }>('/v2/zones/tasks/transfer_requests'),
    [zone.id],
  );
  const [target, setTarget] = useState('');
  const [description, setDescription] = useState('');
  const [created, setCreated] = useState<TransferRequest | null>(null);
  const create = useAction(async () => {
    const request = await api<TransferRequest>(
      `/v2/zones/${encodeURIComponent(zone.id)}/tasks/transfer_requests`,
      {
        method: 'POST',
        json: {
          ...(target.trim() && { target_project_id: target.trim() }),
          ...(description && { description }),
        },
      },
    );
    setCreated(request);
    requests.reload();
    return request;
  });
  const cancel = useAction(async (id: string) => {
    await api(`/v2/zones/tasks/transfer_requests/${encodeURIComponent(id)}`, { method: 'DELETE' });
    requests.reload();
    return true;
  });
  const open = (requests.data?.transfer_requests ?? []).filter(
    (r) => r.zone_id === zone.id && r.status === 'ACTIVE',
  );
  return (
    <>
      {canWrite && (
        <Section title="Transfer this zone to another project">
          <form aria-label="Create a transfer request" onSubmit={onSubmit(create.run)}>
            <Field
              label="Target project id"
              name="target_project_id"
              value={target}
              onValue={setTarget}
              error={create.problem('target_project_id')}
              hint="Empty: any project that has the key"
            />
            <Field
              label="Description"
              name="description"
              value={description}
              onValue={setDescription}
              error={create.problem('description')}
            />
            <ErrorNote error={create.error} />
            <button type="submit" class="primary" disabled={create.busy}>
              Create transfer request
            </button>
          </form>
          {created?.key && (
            <div class="secret" role="status">
              <p>
                <strong>Shown once:</strong> give the other project the request id and the key.
              </p>
              <CopyText label="Request id" value={created.id} />
              <CopyText label="Key" value={created.key} />
            </div>
          )}
        </Section>
      )}
      <Section title="Open transfer requests">
        <ErrorNote error={requests.error ?? cancel.error} />
        {open.length === 0 && <p>None.</p>}
        <ul class="plain">
          {open.map((request) => (
            <li key={request.id}>
              <code>{request.id}</code> → {request.target_project_id ?? 'any project'}
              {request.description && <span class="description"> · {request.description}</span>}{' '}
              {canWrite && (
                <ConfirmButton
                  label="Cancel request"
                  confirm="Cancel this transfer request?"
                  onConfirm={() => void cancel.run(request.id)}
                />
              )}
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
