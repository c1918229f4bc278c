import { Prisma } from '../generated/prisma/client';
import { query } from '../sql';
import { Transaction } from '../transaction';
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
  t.serial, t.propagated_serial::float8 AS "propagatedSerial", t.status::text AS status, t.action::text AS action, t.type::text AS type, t.description, t.masters,
  t.attributes, t.version, t.error_reason AS "errorReason", t.created_at AT TIME ZONE 'UTC' AS "createdAt",
  t.updated_at AT TIME ZONE 'UTC' AS "updatedAt", t.transferred_at AT TIME ZONE 'UTC' AS "transferredAt",
  t.previous_pool_id AS "previousPoolId", t.pool_move_stage AS "poolMoveStage",
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
  tx: Transaction,
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
