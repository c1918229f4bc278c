import { api } from '../api';
import { go, href } from '../router';
import type { Zone } from '../types';
import { ConfirmButton, ErrorNote, Status, useAction, useInterval, useLoad } from '../ui';
import { DnssecTab } from './dnssec-tab';
import { EditAsText } from './edit-as-text';
import { EditZoneForm } from './edit-zone';
import { HistoryTab } from './history-tab';
import { RecordsTab } from './records-tab';
import { SharesTab } from './shares-tab';
import { ServingTab } from './serving-tab';
import { TestRecordTab } from './test-record-tab';
import { TransferTab } from './transfer-tab';
import { UpdateGrantsTab } from './update-grants-tab';
import { loadZone, zonePath } from './zone-api';

const TABS: [string, string][] = [
  ['records', 'Records'],
  ['text', 'Edit as text'],
  ['history', 'History'],
  ['test', 'Test a record'],
  ['serving', 'Nameservers & export'],
  ['dnssec', 'DNSSEC'],
  ['transfer', 'Transfer'],
  ['grants', 'Update grants'],
  ['shares', 'Shares'],
];
const LIVE_MS = 2000;

export interface ZoneTabProps {
  zone: Zone;
  canWrite: boolean;
  /** The zone changed: load it again (its serial, status and action). */
  onChanged: () => void;
}

/** A zone: its header (status live while a change propagates, delete) and a tab per concern. */
interface Props {
  zoneId: string;
  tab: string;
  canWrite: boolean;
  /** Admins may also abandon the zone: removed from storage, its nameservers left as they are. */
  isAdmin: boolean;
}

export function ZonePage({ zoneId, tab, canWrite, isAdmin }: Props) {
  const zone = useLoad(() => loadZone(zoneId), [zoneId]);
  const remove = useAction(async (how: 'delete' | 'abandon') => {
    if (how === 'delete') await api(zonePath(zoneId), { method: 'DELETE' });
    else await api(zonePath(zoneId, 'tasks', 'abandon'), { method: 'POST' });
    return true;
  });
  useInterval(zone.reload, LIVE_MS, zone.data !== undefined && zone.data.action !== 'NONE');
  if (!zone.data)
    return (
      <>
        <p>
          <a href={href('zones')}>← Zones</a>
        </p>
        {zone.error ? <ErrorNote error={zone.error} /> : <p aria-busy="true">Loading…</p>}
      </>
    );
  const current = zone.data;
  const props: ZoneTabProps = { zone: current, canWrite, onChanged: zone.reload };
  const active = TABS.some(([key]) => key === tab) ? tab : 'records';
  return (
    <>
      <p>
        <a href={href('zones')}>← Zones</a>
      </p>
      <div class="zone-head">
        <h1>{current.name}</h1>
        <dl class="facts">
          <div>
            <dt>Status</dt>
            <dd aria-live="polite">
              <Status status={current.status} action={current.action} />
            </dd>
          </div>
          <div>
            <dt>Serial</dt>
            <dd>{current.serial}</dd>
          </div>
          <div>
            <dt>TTL</dt>
            <dd>{current.ttl}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{current.email}</dd>
          </div>
          {current.description && (
            <div>
              <dt>Description</dt>
              <dd class="description">{current.description}</dd>
            </div>
          )}
        </dl>
        {canWrite && current.action !== 'DELETE' && (
          <ConfirmButton
            label="Delete zone"
            confirm={`Delete ${current.name} and all its records?`}
            busy={remove.busy}
            onConfirm={async () => {
              if (await remove.run('delete')) go('zones');
            }}
          />
        )}
        {isAdmin && (
          <ConfirmButton
            label="Abandon zone"
            confirm={`Remove ${current.name} from storage only, leaving it on its nameservers?`}
            busy={remove.busy}
            onConfirm={async () => {
              if (await remove.run('abandon')) go('zones');
            }}
          />
        )}
      </div>
      <ErrorNote error={remove.error ?? zone.error} />
      {canWrite && <EditZoneForm key={current.id} zone={current} onChanged={zone.reload} />}
      <nav class="tabs" aria-label="Zone">
        {TABS.map(([key, label]) => (
          <a key={key} href={href('zones', zoneId, key)} aria-current={key === active ? 'page' : undefined}>
            {label}
          </a>
        ))}
      </nav>
      <div class="tab">
        {active === 'records' && <RecordsTab {...props} />}
        {active === 'text' && <EditAsText {...props} />}
        {active === 'history' && <HistoryTab {...props} />}
        {active === 'test' && <TestRecordTab {...props} />}
        {active === 'serving' && <ServingTab {...props} />}
        {active === 'dnssec' && <DnssecTab {...props} />}
        {active === 'transfer' && <TransferTab {...props} />}
        {active === 'grants' && <UpdateGrantsTab {...props} />}
        {active === 'shares' && <SharesTab {...props} />}
      </div>
    </>
  );
}
