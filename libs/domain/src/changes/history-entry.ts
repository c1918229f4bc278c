import {
  ChangeActorRecord,
  NewZoneHistoryEntry,
  ZoneChanges,
  ZoneCreationEntry,
  ZoneFieldsChangeRecord,
  ZoneRecord,
} from '@zonewarden/persistence';
import { Actor, RRsetState, ZoneChange } from './zone-change';

/** The actor as the history keeps and shows it. */
export function actorRecord(actor: Actor): ChangeActorRecord {
  switch (actor.kind) {
    case 'user':
      return {
        user_id: actor.userId,
        project_id: actor.projectId,
        roles: actor.roles,
        request_id: actor.requestId ?? null,
        key_name: null,
      };
    case 'tsig':
      return { user_id: null, project_id: null, roles: [], request_id: null, key_name: actor.keyName };
    case 'system':
      return { user_id: null, project_id: null, roles: [], request_id: null, key_name: null };
  }
}

/** The project that made a change (a project the zone is shared with sees its own changes by it). */
export const actorProjectOf = (actor: Actor): string | null =>
  actor.kind === 'user' ? actor.projectId : null;

/** What a zone's creation leaves in its history. */
export function creationEntry(change: Pick<ZoneChange, 'source' | 'actor' | 'comment'>): ZoneCreationEntry {
  return {
    source: change.source,
    actorProjectId: actorProjectOf(change.actor),
    actor: actorRecord(change.actor),
    comment: change.comment ?? null,
  };
}

/** The entry of a change that took the zone from `before` (null: it made the zone) to `after`. */
export function historyEntry(
  change: ZoneChange,
  before: ZoneRecord | null,
  after: ZoneRecord,
): NewZoneHistoryEntry {
  return {
    ...creationEntry(change),
    zoneId: after.id,
    previousSerial: before?.serial ?? null,
    serial: after.serial,
    rrsets: change.rrsets.map(({ name, type, before, after }) => ({
      name,
      type,
      before: sorted(before),
      after: sorted(after),
    })),
    fields: before && change.fields ? fieldsChange(change.fields, before, after) : null,
  };
}

/** A record set's records in one order, whatever order they were given in (a set has none). */
const sorted = (state: RRsetState | null): RRsetState | null =>
  state && { ttl: state.ttl, records: [...state.records].sort() };

const FIELDS = ['email', 'ttl', 'description'] as const;

/** The zone's own fields a PATCH changed, before and after; null when it changed none of them. */
function fieldsChange(
  fields: ZoneChanges,
  before: ZoneRecord,
  after: ZoneRecord,
): ZoneFieldsChangeRecord | null {
  const changed = FIELDS.filter((field) => fields[field] !== undefined && before[field] !== after[field]);
  if (changed.length === 0) return null;
  return {
    before: Object.fromEntries(changed.map((field) => [field, before[field]])),
    after: Object.fromEntries(changed.map((field) => [field, after[field]])),
  };
}
