import { useState } from 'preact/hooks';
import { api } from '../api';
import type { RecordSet } from '../types';
import { ConfirmButton, ErrorNote, Field, Section, Select, Status, useAction, useLoad } from '../ui';
import { RecordSetForm } from './recordset-form';
import { TYPE_NAMES } from './record-types';
import type { ZoneTabProps } from './zone-page';
import { allRecordSets, isManaged, relativeName, zonePath } from './zone-api';

/** The zone's record sets by name and type; add, edit (a form per type) and delete. */
export function RecordsTab({ zone, canWrite, onChanged }: ZoneTabProps) {
  const sets = useLoad(() => allRecordSets(zone.id), [zone.id, zone.serial, zone.action]);
  const [name, setName] = useState('');
  const [type, setType] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const remove = useAction(async (set: RecordSet) => {
    await api(zonePath(zone.id, 'recordsets', set.id), { method: 'DELETE' });
    return true;
  });
  const changed = () => {
    setEditing(null);
    sets.reload();
    onChanged();
  };
  const needle = name.trim().toLowerCase();
  const shown = (sets.data ?? []).filter(
    (set) => (!needle || set.name.toLowerCase().includes(needle)) && (!type || set.type === type),
  );
  return (
    <>
      <form class="filters" role="search" aria-label="Find record sets" onSubmit={(e) => e.preventDefault()}>
        <Field label="Name contains" value={name} onValue={setName} />
        <Select label="Type" value={type} onValue={setType} options={[['', 'Any'], 'SOA', ...TYPE_NAMES]} />
      </form>
      <ErrorNote error={sets.error ?? remove.error} />
      <div class="table-wrap">
        <table class="recordsets cards">
          <caption class="visually-hidden">Record sets of {zone.name}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">TTL</th>
              <th scope="col">Records</th>
              <th scope="col">Status</th>
              {canWrite && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {shown.map((set) =>
              editing === set.id ? (
                <tr key={set.id}>
                  <td colSpan={canWrite ? 6 : 5}>
                    <RecordSetForm
                      zone={zone}
                      existing={set}
                      onDone={changed}
                      onCancel={() => setEditing(null)}
                    />
                  </td>
                </tr>
              ) : (
                <tr key={set.id} data-type={set.type}>
                  <th scope="row" class="name">
                    {relativeName(set.name, zone.name)}
                  </th>
                  <td data-label="Type">{set.type}</td>
                  <td data-label="TTL">{set.ttl ?? <span class="muted">zone ({zone.ttl})</span>}</td>
                  <td data-label="Records">
                    <ul class="records">
                      {set.records.map((record) => (
                        <li key={record}>
                          <code>{record}</code>
                        </li>
                      ))}
                    </ul>
                    {set.description && <p class="description">{set.description}</p>}
                  </td>
                  <td data-label="Status">
                    <Status status={set.status} action={set.action} />
                  </td>
                  {canWrite && (
                    <td class="actions">
                      {!isManaged(set, zone.name) && (
                        <>
                          <button
                            type="button"
                            onClick={() => setEditing(set.id)}
                            aria-label={`Edit ${set.name} ${set.type}`}
                          >
                            Edit
                          </button>
                          <ConfirmButton
                            label="Delete"
                            confirm={`Delete ${set.name} ${set.type}?`}
                            busy={remove.busy}
                            onConfirm={async () => {
                              if (await remove.run(set)) changed();
                            }}
                          />
                        </>
                      )}
                    </td>
                  )}
                </tr>
              ),
            )}
            {!shown.length && !sets.loading && (
              <tr>
                <td colSpan={canWrite ? 6 : 5}>No record sets{needle || type ? ' match' : ''}.</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {canWrite && (
        <Section title="Add a record set">
          <RecordSetForm zone={zone} onDone={changed} />
        </Section>
      )}
    </>
  );
}
