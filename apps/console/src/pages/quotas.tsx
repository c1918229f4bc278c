import { api } from '../api';
import { ErrorNote, useLoad } from '../ui';

interface Quotas {
  zones: number;
  zone_recordsets: number;
  zone_records: number;
  recordset_records: number;
  api_export_size: number;
}

const LABELS: [keyof Quotas, string][] = [
  ['zones', 'Zones'],
  ['zone_recordsets', 'Record sets per zone'],
  ['zone_records', 'Records per zone'],
  ['recordset_records', 'Records per record set'],
  ['api_export_size', 'Records in an export'],
];

/** The project's quotas: what the API refuses beyond (413 over_quota). */
export function QuotasPanel() {
  const quotas = useLoad(() => api<Quotas>('/v2/quotas'), []);
  return (
    <details class="panel">
      <summary>Your project's quotas</summary>
      <ErrorNote error={quotas.error} />
      {quotas.data && (
        <dl class="facts">
          {LABELS.map(([key, label]) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd>{quotas.data![key]}</dd>
            </div>
          ))}
        </dl>
      )}
    </details>
  );
}
