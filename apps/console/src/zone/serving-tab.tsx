import { useEffect, useState } from 'preact/hooks';
import { api, apiText } from '../api';
import { finished } from '../tasks';
import type { Task } from '../types';
import { ErrorNote, Section, useAction, useLoad } from '../ui';
import type { ZoneTabProps } from './zone-page';
import { Propagation } from './propagation';
import { zonePath } from './zone-api';

/** The zone's nameservers (what the parent delegates to), the serial each serves, and its export. */
export function ServingTab({ zone }: ZoneTabProps) {
  const nameservers = useLoad(
    () => api<{ nameservers: { hostname: string; priority: number }[] }>(zonePath(zone.id, 'nameservers')),
    [zone.id],
  );
  const [download, setDownload] = useState<{ url: string; file: string; text: string } | null>(null);
  const [progress, setProgress] = useState<Task | null>(null);
  useEffect(() => () => download && URL.revokeObjectURL(download.url), [download]);
  const exporting = useAction(async () => {
    setDownload(null);
    const task = await api<Task>(zonePath(zone.id, 'tasks', 'export'), { method: 'POST' });
    const done = await finished(`/v2/zones/tasks/exports/${task.id}`, setProgress);
    if (done.status !== 'COMPLETE')
      throw new Error(`The export did not complete: ${done.message ?? done.status}`);
    const text = await apiText(`/v2/zones/tasks/exports/${task.id}/export`, 'text/dns');
    const url = URL.createObjectURL(new Blob([text], { type: 'text/dns' }));
    setDownload({ url, file: `${zone.name.replace(/\.$/, '')}.zone`, text });
    return true;
  });
  return (
    <>
      <Section title="Nameservers">
        <ErrorNote error={nameservers.error} />
        <p>Delegate to these from the parent zone:</p>
        <ul class="nameservers">
          {nameservers.data?.nameservers.map((ns) => (
            <li key={ns.hostname}>
              <code>{ns.hostname}</code>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Propagation">
        <Propagation zone={zone} />
      </Section>
      <Section title="Export">
        <button type="button" class="primary" disabled={exporting.busy} onClick={() => void exporting.run()}>
          Export as a zonefile
        </button>
        {exporting.busy && progress && <p role="status">Export {progress.status.toLowerCase()}…</p>}
        <ErrorNote error={exporting.error} />
        {download && (
          <>
            <p role="status">
              <a class="button" href={download.url} download={download.file}>
                Download {download.file}
              </a>
            </p>
            <pre class="zonefile" role="region" aria-label="The exported zonefile" tabIndex={0}>
              {download.text}
            </pre>
          </>
        )}
      </Section>
    </>
  );
}
