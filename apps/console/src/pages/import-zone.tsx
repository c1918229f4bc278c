import { useState } from 'preact/hooks';
import { api } from '../api';
import { href } from '../router';
import { finished, lineOf } from '../tasks';
import type { Task } from '../types';
import { ErrorNote, Field, useAction, useId, onSubmit } from '../ui';

/**
 * A zone from a zonefile, pasted or read from a file: the import's progress, then a link to the zone, or
 * the workers' message with the line it names shown under it.
 */
export function ImportZoneForm() {
  const [zonefile, setZonefile] = useState('');
  const [task, setTask] = useState<Task | null>(null);
  const fileId = useId('zonefile');
  const importing = useAction(async () => {
    setTask(null);
    const created = await api<Task>('/v2/zones/tasks/imports', { method: 'POST', zonefile });
    return finished(`/v2/zones/tasks/imports/${created.id}`, setTask);
  });
  const line = task?.status === 'ERROR' ? lineOf(task.message) : undefined;
  const lineText = line === undefined ? undefined : zonefile.split('\n')[line - 1];
  return (
    <form aria-label="Import a zone" onSubmit={onSubmit(importing.run)}>
      <Field
        label="Zonefile"
        name="zonefile"
        multiline
        rows={8}
        value={zonefile}
        onValue={setZonefile}
        hint="With $ORIGIN and an SOA, as `zonewarden export` or BIND writes it."
        required
      />
      <div class="field">
        <label for={fileId}>Or read a file</label>
        <input
          id={fileId}
          type="file"
          accept=".zone,.txt,.db,text/plain,text/dns"
          onChange={async (event) => {
            const file = (event.currentTarget as HTMLInputElement).files?.[0];
            if (file) setZonefile(await file.text());
          }}
        />
      </div>
      <ErrorNote error={importing.error} />
      {task && (
        <div class={task.status === 'ERROR' ? 'error' : 'notice'} role="status">
          <p>
            Import{' '}
            {task.status === 'PENDING' ? 'in progress' : task.status === 'COMPLETE' ? 'complete' : 'failed'}
            {task.message ? `: ${task.message}` : '.'}
          </p>
          {lineText !== undefined && (
            <p class="error-line">
              Line {line}: <code>{lineText}</code>
            </p>
          )}
          {task.status === 'COMPLETE' && task.zone_id && (
            <a href={href('zones', task.zone_id)}>Open the imported zone</a>
          )}
        </div>
      )}
      <button type="submit" class="primary" disabled={importing.busy || !zonefile.trim()}>
        Import
      </button>
    </form>
  );
}
