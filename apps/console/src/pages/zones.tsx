import { useState } from 'preact/hooks';
import { api, nextMarker, query } from '../api';
import { href } from '../router';
import type { Links, Zone } from '../types';
import { ErrorNote, Field, Section, Select, Status, useInterval, useLoad } from '../ui';
import { CreateZoneForm } from './create-zone';
import { ImportZoneForm } from './import-zone';
import { QuotasPanel } from './quotas';

interface ZoneList {
  zones: Zone[];
  links: Links;
  metadata?: { total_count: number };
}

const STATUSES = ['', 'ACTIVE', 'PENDING', 'ERROR'];
const SORT_KEYS: [string, string][] = [
  ['name', 'Name'],
  ['created_at', 'Created'],
  ['updated_at', 'Updated'],
  ['status', 'Status'],
  ['serial', 'Serial'],
  ['ttl', 'TTL'],
];
const PAGE_SIZE = 20;
/** While a zone's change is being propagated, its row is refreshed this often. */
const LIVE_MS = 2000;

/**
 * The project's zones: a name search (`*` as a wildcard, as the API's filter), a status filter, a sort,
 * pages by marker with the count of the whole filtered list, and each zone's status refreshed live while
 * any change is on its way.
 */
export function ZonesPage({ canWrite, allProjects }: { canWrite: boolean; allProjects: boolean }) {
  const [name, setName] = useState('');
  const [status, setStatus] = useState('');
  const [sort, setSort] = useState('name');
  const [direction, setDirection] = useState('asc');
  /** The markers of the pages before this one (empty: the first page). */
  const [markers, setMarkers] = useState<string[]>([]);
  const marker = markers.at(-1);
  const list = useLoad(
    () =>
      api<ZoneList>(
        `/v2/zones${query({ name: name.trim() || undefined, status, sort_key: sort, sort_dir: direction, limit: PAGE_SIZE, marker })}`,
      ),
    [name, status, sort, direction, marker],
  );
  const zones = list.data?.zones ?? [];
  useInterval(
    list.reload,
    LIVE_MS,
    zones.some((zone) => zone.action !== 'NONE'),
  );
  const filtered = (update: () => void) => {
    update();
    setMarkers([]);
  };
  const next = nextMarker(list.data?.links);
  const total = list.data?.metadata?.total_count;

  return (
    <>
      <h1>Zones</h1>
      <form class="filters" role="search" aria-label="Find zones" onSubmit={(e) => e.preventDefault()}>
        <Field
          label="Name"
          value={name}
          onValue={(v) => filtered(() => setName(v))}
          hint="* matches anything: *.example.org."
        />
        <Select
          label="Status"
          value={status}
          onValue={(v) => filtered(() => setStatus(v))}
          options={STATUSES.map((s) => [s, s || 'Any'])}
        />
        <Select
          label="Sort by"
          value={sort}
          onValue={(v) => filtered(() => setSort(v))}
          options={SORT_KEYS}
        />
        <Select
          label="Order"
          value={direction}
          onValue={(v) => filtered(() => setDirection(v))}
          options={[
            ['asc', 'Ascending'],
            ['desc', 'Descending'],
          ]}
        />
      </form>
      <ErrorNote error={list.error} />
      <p class="count" role="status">
        {total === undefined ? '' : `${total} zone${total === 1 ? '' : 's'}`}
        {total !== undefined && markers.length ? ` · page ${markers.length + 1}` : ''}
      </p>
      <div class="table-wrap">
        <table class="zones cards">
          <caption class="visually-hidden">Zones</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Serial</th>
              <th scope="col">TTL</th>
              <th scope="col">Description</th>
              {allProjects && <th scope="col">Project</th>}
            </tr>
          </thead>
          <tbody>
            {zones.map((zone) => (
              <tr key={zone.id}>
                <th scope="row">
                  <a href={href('zones', zone.id)}>{zone.name}</a>
                </th>
                <td data-label="Status">
                  <Status status={zone.status} action={zone.action} />
                </td>
                <td data-label="Serial">{zone.serial}</td>
                <td data-label="TTL">{zone.ttl}</td>
                <td data-label="Description" class="description">
                  {zone.description ?? ''}
                </td>
                {allProjects && (
                  <td data-label="Project">
                    <code>{zone.project_id}</code>
                  </td>
                )}
              </tr>
            ))}
            {!zones.length && !list.loading && (
              <tr>
                <td colSpan={allProjects ? 6 : 5}>No zones{name || status ? ' match' : ' yet'}.</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <nav class="pager" aria-label="Pages of zones">
        <button type="button" disabled={!markers.length} onClick={() => setMarkers(markers.slice(0, -1))}>
          Previous page
        </button>
        <button type="button" disabled={!next} onClick={() => next && setMarkers([...markers, next])}>
          Next page
        </button>
      </nav>
      <QuotasPanel />
      {canWrite && (
        <div class="two-columns">
          <Section title="Create a zone">
            <CreateZoneForm />
          </Section>
          <Section title="Import a zone">
            <ImportZoneForm />
          </Section>
        </div>
      )}
    </>
  );
}
