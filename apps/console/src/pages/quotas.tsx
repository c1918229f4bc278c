import { api } from '../api';
import { ErrorNote, useLoad } from '../ui';

interface Quotas {
  zones: number;
  zone_recordsets: number;
  zone_records: number;
  recordset_records: number;
  api_export_size: number;
}

interface Limits {
  max_zones: number;
  max_zone_recordsets: number;
  max_zone_records: number;
  max_recordset_records: number;
  min_ttl: number | null;
  max_zone_name_length: number;
  max_recordset_name_length: number;
  max_page_limit: number;
}

const QUOTAS: [keyof Quotas, string][] = [
  ['zones', 'Zones'],
  ['zone_recordsets', 'Record sets per zone'],
  ['zone_records', 'Records per zone'],
  ['recordset_records', 'Records per record set'],
  ['api_export_size', 'Records in an export'],
];

/** The limits that are not quotas (`GET /v2/limits` repeats the quotas as `max_zones` and the like). */
const LIMITS: [keyof Limits, string][] = [
  ['max_zone_name_length', 'Zone name length'],
  ['max_recordset_name_length', 'Record set name length'],
  ['max_page_limit', 'Items per page (limit)'],
  ['min_ttl', 'Minimum TTL'],
];

function Facts<T extends object>({ data, labels }: { data: T; labels: [keyof T, string][] }) {
  return (
    <dl class="facts">
      {labels.map(([key, label]) => (
        <div key={String(key)}>
          <dt>{label}</dt>
          <dd>{String(data[key] ?? 'none')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The project's quotas (what the API refuses beyond: 413 over_quota) and the API's limits (`/v2/limits`). */
export function QuotasPanel() {
  const quotas = useLoad(() => api<Quotas>('/v2/quotas'), []);
  const limits = useLoad(() => api<Limits>('/v2/limits'), []);
  return (
    <details class="panel">
      <summary>Your project's quotas and limits</summary>
      <h2 class="facts-title">Quotas</h2>
      <ErrorNote error={quotas.error} />
      {quotas.data && <Facts data={quotas.data} labels={QUOTAS} />}
      <h2 class="facts-title">Limits</h2>
      <ErrorNote error={limits.error} />
      {limits.data && <Facts data={limits.data} labels={LIMITS} />}
    </details>
  );
}
