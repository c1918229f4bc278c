import { useState } from 'preact/hooks';
import { api } from '../api';
import { href } from '../router';
import { ConfirmButton, ErrorNote, Field, Section, useAction, useLoad, onSubmit } from '../ui';

const TABS: [string, string][] = [
  ['tlds', 'TLDs'],
  ['blacklists', 'Blacklists'],
  ['pools', 'Pools'],
  ['services', 'Service statuses'],
];

/** What admins look after: the TLDs and blacklists zone names must pass, the pools, the services' health. */
export function AdminPage({ tab }: { tab: string }) {
  const active = TABS.some(([key]) => key === tab) ? tab : 'tlds';
  return (
    <>
      <h1>Admin</h1>
      <nav class="tabs" aria-label="Admin">
        {TABS.map(([key, label]) => (
          <a key={key} href={href('admin', key)} aria-current={key === active ? 'page' : undefined}>
            {label}
          </a>
        ))}
      </nav>
      <div class="tab">
        {active === 'tlds' && (
          <NamedList
            collection="tlds"
            field="name"
            label="TLD"
            hint="Labels without a final dot: com, co.uk"
          />
        )}
        {active === 'blacklists' && (
          <NamedList
            collection="blacklists"
            field="pattern"
            label="Pattern"
            hint="A regular expression searched in zone names"
          />
        )}
        {active === 'pools' && <Pools />}
        {active === 'services' && <ServiceStatuses />}
      </div>
    </>
  );
}

interface Named {
  id: string;
  description: string | null;
  [field: string]: unknown;
}

/** A list of TLDs or blacklist patterns: add one (with a description), delete one. */
function NamedList({
  collection,
  field,
  label,
  hint,
}: {
  collection: string;
  field: string;
  label: string;
  hint: string;
}) {
  const items = useLoad(() => api<Record<string, Named[]>>(`/v2/${collection}?limit=1000`), [collection]);
  const [value, setValue] = useState('');
  const [description, setDescription] = useState('');
  const create = useAction(async () => {
    await api(`/v2/${collection}`, {
      method: 'POST',
      json: { [field]: value.trim(), ...(description && { description }) },
    });
    setValue('');
    setDescription('');
    items.reload();
    return true;
  });
  const remove = useAction(async (id: string) => {
    await api(`/v2/${collection}/${encodeURIComponent(id)}`, { method: 'DELETE' });
    items.reload();
    return true;
  });
  const list = items.data?.[collection] ?? [];
  return (
    <>
      <ErrorNote error={items.error ?? remove.error} />
      <div class="table-wrap">
        <table class="cards">
          <thead>
            <tr>
              <th scope="col">{label}</th>
              <th scope="col">Description</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((item) => (
              <tr key={item.id}>
                <td>
                  <code>{String(item[field])}</code>
                </td>
                <td data-label="Description" class="description">
                  {item.description ?? ''}
                </td>
                <td>
                  <ConfirmButton
                    label="Delete"
                    confirm={`Delete ${String(item[field])}?`}
                    onConfirm={() => void remove.run(item.id)}
                  />
                </td>
              </tr>
            ))}
            {!list.length && !items.loading && (
              <tr>
                <td colSpan={3}>None.</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Section title={`Add a ${label.toLowerCase()}`}>
        <form aria-label={`Add a ${label.toLowerCase()}`} onSubmit={onSubmit(create.run)}>
          <Field
            label={label}
            name={field}
            value={value}
            onValue={setValue}
            error={create.problem(field)}
            hint={hint}
            required
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
            Add
          </button>
        </form>
      </Section>
    </>
  );
}

interface Pool {
  id: string;
  name: string;
  description: string | null;
  ns_records: { hostname: string; priority: number }[];
}

function Pools() {
  const pools = useLoad(() => api<{ pools: Pool[] }>('/v2/pools'), []);
  return (
    <>
      <ErrorNote error={pools.error} />
      {pools.data?.pools.map((pool) => (
        <section class="panel" key={pool.id}>
          <h2>{pool.name}</h2>
          {pool.description && <p class="description">{pool.description}</p>}
          <p class="muted">
            <code>{pool.id}</code>
          </p>
          <ul class="plain">
            {pool.ns_records.map((ns) => (
              <li key={ns.hostname}>
                <code>{ns.hostname}</code> (priority {ns.priority})
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

interface ServiceStatus {
  id: string;
  hostname: string;
  service_name: string;
  status: string;
  heartbeated_at: string;
}

function ServiceStatuses() {
  const statuses = useLoad(() => api<{ service_statuses: ServiceStatus[] }>('/v2/service_statuses'), []);
  return (
    <>
      <ErrorNote error={statuses.error} />
      <div class="table-wrap">
        <table class="cards">
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Host</th>
              <th scope="col">Status</th>
              <th scope="col">Last heartbeat (UTC)</th>
            </tr>
          </thead>
          <tbody>
            {statuses.data?.service_statuses.map((s) => (
              <tr key={s.id}>
                <td data-label="Service">{s.service_name}</td>
                <td data-label="Host">{s.hostname}</td>
                <td data-label="Status">
                  <span class={`status status-${s.status.toLowerCase()}`}>{s.status}</span>
                </td>
                <td data-label="Last heartbeat">{s.heartbeated_at.replace('T', ' ').slice(0, 19)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
