import { api, query } from '../api';
import type { Zone } from '../types';
import { ErrorNote, useInterval, useLoad } from '../ui';
import { zonePath } from './zone-api';

interface SoaAnswers {
  answers: {
    nameserver: { host: string; port: number; roles: string[] };
    rcode: string | null;
    records: { type: string; data: string }[];
    error: string | null;
  }[];
}

/** The serial of an SOA record's data (`mname rname serial …`). */
const serialOf = (data: string) => Number(data.split(/\s+/)[2]);

/**
 * Propagation: which serial each nameserver of the zone serves now (its SOA, asked through "test a
 * record"), beside the zone's; asked again every few seconds while a change is on its way.
 */
export function Propagation({ zone }: { zone: Zone }) {
  const soa = useLoad(
    () => api<SoaAnswers>(`${zonePath(zone.id, 'test_record')}${query({ name: '@', type: 'SOA' })}`),
    [zone.id, zone.serial],
  );
  useInterval(soa.reload, 3000, zone.action !== 'NONE');
  return (
    <>
      <ErrorNote error={soa.error} />
      <div class="table-wrap">
        <table class="propagation cards">
          <caption class="visually-hidden">The serial each nameserver serves</caption>
          <thead>
            <tr>
              <th scope="col">Nameserver</th>
              <th scope="col">Serves</th>
            </tr>
          </thead>
          <tbody>
            {soa.data?.answers.map(({ nameserver, rcode, records, error }) => {
              const record = records.find((r) => r.type === 'SOA');
              const serial = record ? serialOf(record.data) : undefined;
              return (
                <tr key={`${nameserver.host}:${nameserver.port}`}>
                  <th scope="row">
                    {nameserver.host} port {nameserver.port}{' '}
                    <span class="muted">({nameserver.roles.join(', ')})</span>
                  </th>
                  <td data-label="Serves">
                    {error ? (
                      <span class="status status-error">no answer: {error}</span>
                    ) : serial === undefined ? (
                      <span class="status status-error">not the zone ({rcode})</span>
                    ) : (
                      <span class={`status status-${serial >= zone.serial ? 'active' : 'pending'}`}>
                        serial {serial}
                        {serial >= zone.serial ? ' (current)' : ` (behind ${zone.serial})`}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
