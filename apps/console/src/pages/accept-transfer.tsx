import { useState } from 'preact/hooks';
import { api } from '../api';
import { href } from '../router';
import { finished } from '../tasks';
import { ErrorNote, Field, useAction, onSubmit } from '../ui';

/** Takes a zone another project offers: its transfer request's id and key. */
export function AcceptTransferPage() {
  const [requestId, setRequestId] = useState('');
  const [key, setKey] = useState('');
  const [zoneId, setZoneId] = useState<string | null>(null);
  const accept = useAction(async () => {
    setZoneId(null);
    const accepted = await api<{ id: string; status: string; zone_id: string }>(
      '/v2/zones/tasks/transfer_accepts',
      {
        method: 'POST',
        json: { zone_transfer_request_id: requestId.trim(), key: key.trim() },
      },
    );
    const done =
      accepted.status === 'PENDING'
        ? await finished(`/v2/zones/tasks/transfer_accepts/${accepted.id}`)
        : { ...accepted, message: null };
    if (done.status === 'ERROR') throw new Error(`The transfer failed: ${done.message ?? 'no reason given'}`);
    setZoneId(accepted.zone_id);
    return true;
  });
  return (
    <>
      <h1>Accept a transfer</h1>
      <form aria-label="Accept a zone transfer" onSubmit={onSubmit(accept.run)}>
        <Field
          label="Transfer request id"
          name="zone_transfer_request_id"
          value={requestId}
          onValue={setRequestId}
          error={accept.problem('zone_transfer_request_id')}
          required
        />
        <Field label="Key" name="key" value={key} onValue={setKey} error={accept.problem('key')} required />
        <ErrorNote error={accept.error} />
        <button type="submit" class="primary" disabled={accept.busy}>
          Accept
        </button>
      </form>
      {zoneId && (
        <p class="notice" role="status">
          The zone is yours now. <a href={href('zones', zoneId)}>Open it</a>
        </p>
      )}
    </>
  );
}
