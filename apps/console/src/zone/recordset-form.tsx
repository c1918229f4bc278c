import { useState } from 'preact/hooks';
import { api } from '../api';
import type { RecordSet, Zone } from '../types';
import { ErrorNote, Field, Select, useAction } from '../ui';
import { RECORD_TYPES, TYPE_NAMES, joinRecord, splitRecord } from './record-types';
import { absoluteName, relativeName, zonePath } from './zone-api';

interface Props {
  zone: Zone;
  /** The record set to edit; none: a new one. */
  existing?: RecordSet;
  onDone: () => void;
  onCancel?: () => void;
}

/**
 * A record set's form: name and type (new ones only), TTL, description, and one row of the type's fields
 * per record. The API's message for each field shows beside it.
 */
export function RecordSetForm({ zone, existing, onDone, onCancel }: Props) {
  const [name, setName] = useState(existing ? relativeName(existing.name, zone.name) : '');
  const [type, setType] = useState(existing?.type ?? 'A');
  const [ttl, setTtl] = useState(existing?.ttl?.toString() ?? '');
  const [description, setDescription] = useState(existing?.description ?? '');
  const [rows, setRows] = useState<string[][]>(
    existing ? existing.records.map((record) => splitRecord(existing.type, record)) : [[]],
  );
  const fields = RECORD_TYPES[type] ?? [];
  const save = useAction(async () => {
    const records = rows.map((row) => joinRecord(type, row));
    const common = {
      records,
      ttl: ttl.trim() === '' ? null : Number.isNaN(Number(ttl)) ? ttl : Number(ttl),
      description: description || null,
    };
    if (existing) await api(zonePath(zone.id, 'recordsets', existing.id), { method: 'PUT', json: common });
    else
      await api(zonePath(zone.id, 'recordsets'), {
        method: 'POST',
        json: { name: absoluteName(name, zone.name), type, ...common },
      });
    return true;
  });
  const setCell = (row: number, column: number, value: string) =>
    setRows((before) =>
      before.map((cells, i) => (i === row ? Object.assign([...cells], { [column]: value }) : cells)),
    );

  return (
    <form
      class="recordset-form"
      aria-label={existing ? `Edit ${existing.name} ${existing.type}` : 'Add a record set'}
      onSubmit={async (event) => {
        event.preventDefault();
        if (await save.run()) {
          if (!existing) {
            setName('');
            setRows([[]]);
            setDescription('');
            setTtl('');
          }
          onDone();
        }
      }}
    >
      {!existing && (
        <div class="row">
          <Field
            label="Name"
            name="name"
            value={name}
            onValue={setName}
            error={save.problem('name')}
            hint={`Relative to ${zone.name} (@: the zone itself)`}
          />
          <Select
            label="Type"
            name="type"
            value={type}
            onValue={(next) => {
              setType(next);
              setRows([[]]);
            }}
            options={TYPE_NAMES}
          />
        </div>
      )}
      <fieldset>
        <legend>Records</legend>
        {rows.map((row, i) => (
          <div class="row record-row" key={`${type}-${i}`}>
            {fields.map((field, column) => (
              <Field
                key={field.label}
                label={rows.length > 1 ? `${field.label} (record ${i + 1})` : field.label}
                value={row[column] ?? ''}
                onValue={(value) => setCell(i, column, value)}
                multiline={field.kind === 'quoted' && type === 'TXT'}
                rows={2}
                inputMode={field.kind === 'int' ? 'numeric' : undefined}
                hint={field.hint}
              />
            ))}
            {rows.length > 1 && (
              <button
                type="button"
                onClick={() => setRows(rows.filter((_, j) => j !== i))}
                aria-label={`Remove record ${i + 1}`}
              >
                Remove
              </button>
            )}
          </div>
        ))}
        {save.problem('records') && <p class="field-error">{save.problem('records')}</p>}
        <button type="button" onClick={() => setRows([...rows, []])}>
          Add another record
        </button>
      </fieldset>
      <div class="row">
        <Field
          label="TTL (seconds)"
          name="ttl"
          inputMode="numeric"
          value={ttl}
          onValue={setTtl}
          error={save.problem('ttl')}
          hint={`Empty: the zone's (${zone.ttl})`}
        />
        <Field
          label="Description"
          name="description"
          value={description}
          onValue={setDescription}
          error={save.problem('description')}
        />
      </div>
      <ErrorNote error={save.error} />
      <div class="buttons">
        <button type="submit" class="primary" disabled={save.busy}>
          {existing ? 'Save' : 'Add record set'}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
