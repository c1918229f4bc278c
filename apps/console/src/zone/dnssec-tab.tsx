import { useState } from 'preact/hooks';
import { api } from '../api';
import { ConfirmButton, CopyText, ErrorNote, Select, useAction, useLoad, onSubmit } from '../ui';
import type { ZoneTabProps } from './zone-page';
import { zonePath } from './zone-api';

interface Dnssec {
  enabled: boolean;
  state: string;
  algorithm: string | null;
  keys: { id: string; key_type: string; state: string; algorithm: number; key_tag: number; dnskey: string }[];
  ds_records: { key_tag: number; digest_type: number; rdata: string }[];
}

const ALGORITHMS = ['ECDSAP256SHA256', 'ED25519'];

/** Signing: enable (an algorithm), its keys and their states, the DS records to give the parent, disable. */
export function DnssecTab({ zone, canWrite, onChanged }: ZoneTabProps) {
  const dnssec = useLoad(() => api<Dnssec>(zonePath(zone.id, 'dnssec')), [zone.id, zone.serial]);
  const [algorithm, setAlgorithm] = useState(ALGORITHMS[0]);
  const configure = useAction(async (enabled: boolean) => {
    await api(zonePath(zone.id, 'dnssec'), {
      method: 'PUT',
      json: enabled ? { enabled, algorithm } : { enabled },
    });
    dnssec.reload();
    onChanged();
    return true;
  });
  const [rolling, setRolling] = useState<string | null>(null);
  const rollover = useAction(async (keyType: 'ZSK' | 'KSK') => {
    await api(zonePath(zone.id, 'tasks', 'dnssec_rollover'), { method: 'POST', json: { key_type: keyType } });
    setRolling(keyType);
    dnssec.reload();
    return true;
  });
  const state = dnssec.data;
  return (
    <>
      <ErrorNote error={dnssec.error ?? configure.error ?? rollover.error} />
      {state && (
        <p>
          DNSSEC is <strong class="dnssec-state">{state.enabled ? 'enabled' : 'disabled'}</strong>
          {state.enabled && ` (${state.algorithm}, ${state.state.toLowerCase()})`}.
        </p>
      )}
      {state && !state.enabled && canWrite && (
        <form class="filters" aria-label="Enable DNSSEC" onSubmit={onSubmit(() => configure.run(true))}>
          <Select label="Algorithm" value={algorithm} onValue={setAlgorithm} options={ALGORITHMS} />
          <button type="submit" class="primary" disabled={configure.busy}>
            Enable DNSSEC
          </button>
        </form>
      )}
      {state?.enabled && (
        <>
          <h2>DS records for the parent zone</h2>
          {state.ds_records.length === 0 && <p>No key is ready for a DS yet.</p>}
          {state.ds_records.map((ds) => (
            <CopyText
              key={`${ds.key_tag}-${ds.digest_type}`}
              label={`DS (key ${ds.key_tag}, digest type ${ds.digest_type})`}
              value={`${zone.name} IN DS ${ds.rdata}`}
            />
          ))}
          <h2>Keys</h2>
          <div class="table-wrap">
            <table class="cards">
              <thead>
                <tr>
                  <th scope="col">Type</th>
                  <th scope="col">Key tag</th>
                  <th scope="col">Algorithm</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {state.keys.map((key) => (
                  <tr key={key.id}>
                    <td data-label="Type">{key.key_type}</td>
                    <td data-label="Key tag">{key.key_tag}</td>
                    <td data-label="Algorithm">{key.algorithm}</td>
                    <td data-label="State">{key.state}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {canWrite && (
            <div class="buttons">
              <button type="button" disabled={rollover.busy} onClick={() => void rollover.run('ZSK')}>
                Roll the ZSK over
              </button>
              <button type="button" disabled={rollover.busy} onClick={() => void rollover.run('KSK')}>
                Roll the KSK over
              </button>
              <ConfirmButton
                label="Disable DNSSEC"
                confirm="Remove the signatures and keys? Remove the DS at the parent first."
                busy={configure.busy}
                onConfirm={() => void configure.run(false)}
              />
            </div>
          )}
          {rolling && (
            <p class="notice" role="status">
              {rolling} rollover started: the new key is published first, and signs once its DNSKEY has spread
              {rolling === 'KSK' ? '; give the parent its new DS when it appears above' : ''}.
            </p>
          )}
        </>
      )}
    </>
  );
}
