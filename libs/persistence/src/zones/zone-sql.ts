import { PoolClient } from 'pg';
import { ZONE_EVENTS, ZONE_EVENT_VERSION, ZoneEventPattern, ZoneEventV1 } from '@zonewarden/contracts';
import { emailToRname, nextSerial } from '@zonewarden/dns';
import { Prisma } from '../generated/prisma/client';
import { writeToOutbox } from '../outbox/outbox.writer';
import { query } from '../sql';
import { Scope, inScopeOrShared } from '../access/scope';
import { ZoneRecord } from './zone.record';

/** SQL shared by the repositories that change zones (zones, record sets). */

export interface ZoneChanges {
  email?: string;
  ttl?: number;
  description?: string | null;
}

export const ZONE_NOT_FOUND_MESSAGE = 'Could not find Zone';

/** Timestamps are stored as UTC `timestamp`; read as timestamptz so that pg builds correct Dates in any TZ. */
export const ZONE_COLUMNS = Prisma.raw(`t.id, t.project_id AS "projectId", t.pool_id AS "poolId", t.name,
  COALESCE(t.written_name, t.name) AS "writtenName", t.email, t.ttl,
  t.serial, t.status::text AS status, t.action::text AS action, t.type::text AS type, t.description, t.masters,
  t.attributes, t.version, t.error_reason AS "errorReason", t.created_at AT TIME ZONE 'UTC' AS "createdAt",
  t.updated_at AT TIME ZONE 'UTC' AS "updatedAt", t.transferred_at AT TIME ZONE 'UTC' AS "transferredAt",
  EXISTS (SELECT 1 FROM zone_shares s WHERE s.zone_id = t.id) AS shared`);

/**
 * `alias`'s zone lies below `name` (ends in `.name`): one range of `zones_live_reversed_name_idx`, whose
 * `reversed_name` is the name's characters reversed, bytewise ordered. The range ends at the character
 * after the dot, so `ample.com.` finds `www.ample.com.` but not `example.com.`. The caller adds the
 * index's `status <> 'DELETED'`.
 */
export function zoneNameBelow(alias: string, name: string): Prisma.Sql {
  const from = [...`.${name}`].reverse().join('');
  const column = Prisma.raw(`${alias}.reversed_name`);
  return Prisma.sql`${column} > ${from} AND ${column} < ${from.slice(0, -1) + '/'}`;
}

export type ZoneRow = Omit<ZoneRecord, 'serial'> & { serial: string };

export function toZoneRecord(row: ZoneRow): ZoneRecord {
  return { ...row, serial: Number(row.serial) };
}

/** What a zone event tells of its zone: known before the zone is inserted. */
export type ZoneEventSubject = Pick<ZoneRecord, 'id' | 'name' | 'projectId' | 'poolId' | 'serial'>;

export function zoneEvent(zone: ZoneEventSubject, action: ZoneEventV1['action']): ZoneEventV1 {
  return {
    version: ZONE_EVENT_VERSION,
    zoneId: zone.id,
    zoneName: zone.name,
    projectId: zone.projectId,
    poolId: zone.poolId,
    serial: zone.serial,
    action,
  };
}

export async function announceZone(
  tx: PoolClient,
  pattern: ZoneEventPattern,
  event: ZoneEventV1,
  requestId?: string,
): Promise<void> {
  await writeToOutbox(tx, { pattern, payload: event, requestId });
}

/**
 * Locks the zone's row for the rest of the transaction; null when the scope neither owns the zone nor has
 * it shared with it (whether it may change it is the domain's decision).
 */
export async function lockZone(tx: PoolClient, id: string, scope: Scope): Promise<ZoneRecord | null> {
  const [row] = await query<ZoneRow>(
    tx,
    Prisma.sql`SELECT ${ZONE_COLUMNS} FROM zones t WHERE t.id = ${id}::uuid AND ${inScopeOrShared(scope, 't.id')} FOR UPDATE`,
    'zone-lock',
  );
  return row ? toZoneRecord(row) : null;
}

/**
 * How a change moves the zone's counted record sets and records (`recordset_count`, `record_count`:
 * managed sets and sets being deleted aside), which the quota checks read instead of counting the zone.
 */
export interface RecordCountDelta {
  sets: number;
  records: number;
}

export const NO_COUNT_CHANGE: RecordCountDelta = { sets: 0, records: 0 };

/** Inside the transaction that changes the (locked) zone's record sets. */
export async function addRecordCounts(
  tx: PoolClient,
  zoneId: string,
  delta: RecordCountDelta,
): Promise<void> {
  await query(
    tx,
    Prisma.sql`UPDATE zones SET recordset_count = recordset_count + ${delta.sets}::int, record_count = record_count + ${delta.records}::int
      WHERE id = ${zoneId}::uuid`,
    'zone-record-counts',
  );
}

/** The zone's counted record sets and records (see RecordCountDelta). */
export async function recordCounts(tx: PoolClient, zoneId: string): Promise<RecordCountDelta> {
  const [counts] = await query<RecordCountDelta>(
    tx,
    Prisma.sql`SELECT recordset_count AS sets, record_count AS records FROM zones WHERE id = ${zoneId}::uuid`,
    'zone-record-counts-read',
  );
  return counts;
}

/**
 * A change to a (locked) zone or its records: applies `changes` (and `counted`, how its record sets
 * changed), bumps the serial (the SOA record follows), the version and `updated_at`, sets
 * `action: UPDATE`, and announces `zone.updated`. (A zone being deleted is not changed: the callers' rule.)
 */
export async function changeZone(
  tx: PoolClient,
  current: ZoneRecord,
  changes: ZoneChanges,
  requestId?: string,
  counted: RecordCountDelta = NO_COUNT_CHANGE,
): Promise<ZoneRecord> {
  const [row] = await query<ZoneRow>(
    tx,
    Prisma.sql`UPDATE zones AS t SET
        email = COALESCE(${changes.email ?? null}, email),
        ttl = COALESCE(${changes.ttl ?? null}::int, ttl),
        description = CASE WHEN ${changes.description !== undefined} THEN ${changes.description ?? null} ELSE description END,
        serial = ${nextSerial(current.serial)},
        recordset_count = recordset_count + ${counted.sets}::int, record_count = record_count + ${counted.records}::int,
        action = 'UPDATE', action_at = now(), version = version + 1, updated_at = now()
      WHERE id = ${current.id}::uuid RETURNING ${ZONE_COLUMNS}`,
    'zone-update',
  );
  const updated = toZoneRecord(row);
  // The SOA keeps its MNAME (first field) and timers (the last four: an import's are the zonefile's);
  // RNAME and serial follow the zone.
  await query(
    tx,
    Prisma.sql`UPDATE records r SET data = concat_ws(' ', split_part(r.data, ' ', 1), ${emailToRname(updated.email)}::text,
        ${String(updated.serial)}::text, array_to_string((string_to_array(r.data, ' '))[4:7], ' '))
      FROM recordsets s WHERE r.recordset_id = s.id AND s.zone_id = ${current.id}::uuid AND s.type = 'SOA'`,
    'soa-rewrite',
  );
  await announceZone(tx, ZONE_EVENTS.updated, zoneEvent(updated, 'UPDATE'), requestId);
  return updated;
}
