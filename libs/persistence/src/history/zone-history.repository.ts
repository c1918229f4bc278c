import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { ListQuery, Page, listPage } from '../collections/keyset';
import { PrismaService } from '../prisma.service';
import { query } from '../sql';
import { Transaction } from '../transaction';
import { NewZoneHistoryEntry, ZONE_HISTORY_COLLECTION, ZoneHistoryRecord } from './zone-history.record';

const COLUMNS =
  Prisma.raw(`t.id, t.zone_id AS "zoneId", t.source, t.actor_project_id AS "actorProjectId", t.actor,
  t.comment, t.previous_serial::float8 AS "previousSerial", t.serial::float8 AS serial, t.rrsets, t.fields,
  t.soa_after AS "soaAfter", t.created_at AT TIME ZONE 'UTC' AS "createdAt"`);

/** The zone's SOA record as it stands in the transaction (the door writes the entry after the change). */
const currentSoa = (zoneId: string) =>
  Prisma.sql`(SELECT r.data FROM records r JOIN recordsets s ON s.id = r.recordset_id
    WHERE s.zone_id = ${zoneId}::uuid AND s.type = 'SOA' LIMIT 1)`;

/** Whose entries of a zone a caller sees: all of them, or those one project made (a share's). */
export interface HistoryView {
  zoneId: string;
  actorProjectId?: string;
}

/** The same text whatever the view, so that statements prepared by name can hold it. */
function visible(view: HistoryView): Prisma.Sql[] {
  const actor = view.actorProjectId ?? null;
  return [
    Prisma.sql`t.zone_id = ${view.zoneId}::uuid`,
    Prisma.sql`(${actor}::text IS NULL OR t.actor_project_id = ${actor})`,
  ];
}

/**
 * The zones' history: reads and writes only. Entries are written by the domain's ZoneChangeWriter, in the
 * transaction of the change they describe; who sees which is the domain's ZoneHistoryService.
 */
@Injectable()
export class ZoneHistoryRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Writes the entry of a change, in its transaction, once the change is written: its time is the clock's
   * (not the transaction's start), read under the zone's lock, so a zone's entries are in the order made.
   * `wholeZone`: the entry's record sets are the zone's content as it now stands, each created (an import).
   */
  async insert(tx: Transaction, entry: NewZoneHistoryEntry, wholeZone = false): Promise<ZoneHistoryRecord> {
    const rrsets = wholeZone
      ? Prisma.sql`(SELECT coalesce(jsonb_agg(jsonb_build_object('name', s.name, 'type', s.type, 'before', NULL,
          'after', jsonb_build_object('ttl', s.ttl, 'records', (SELECT jsonb_agg(r.data ORDER BY r.data COLLATE "C") FROM records r
            WHERE r.recordset_id = s.id))) ORDER BY s.name COLLATE "C", s.type COLLATE "C"), '[]'::jsonb)
          FROM recordsets s WHERE s.zone_id = ${entry.zoneId}::uuid AND NOT s.managed AND s.action <> 'DELETE')`
      : Prisma.sql`${JSON.stringify(entry.rrsets)}::jsonb`;
    const [row] = await query<ZoneHistoryRecord>(
      tx,
      Prisma.sql`INSERT INTO zone_history AS t (id, zone_id, source, actor_project_id, actor, comment,
          previous_serial, serial, rrsets, fields, soa_after, created_at)
        VALUES (${randomUUID()}::uuid, ${entry.zoneId}::uuid, ${entry.source}, ${entry.actorProjectId},
          ${JSON.stringify(entry.actor)}::jsonb, ${entry.comment}, ${entry.previousSerial}, ${entry.serial}, ${rrsets},
          ${entry.fields === null ? null : JSON.stringify(entry.fields)}::jsonb, ${currentSoa(entry.zoneId)},
          clock_timestamp() AT TIME ZONE 'UTC')
        RETURNING ${COLUMNS}`,
      'zone-history-insert',
    );
    return row;
  }

  async find(view: HistoryView, id: string): Promise<ZoneHistoryRecord | null> {
    const [row] = await query<ZoneHistoryRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${COLUMNS} FROM zone_history t WHERE t.id = ${id}::uuid AND ${Prisma.join(visible(view), ' AND ')}`,
      'zone-history-find',
    );
    return row ?? null;
  }

  /** A page of the entries `view` sees; null when the marker is not among them. */
  list(view: HistoryView, listQuery: ListQuery): Promise<Page<ZoneHistoryRecord> | null> {
    return listPage<ZoneHistoryRecord>(
      this.prisma.pg,
      ZONE_HISTORY_COLLECTION,
      COLUMNS,
      visible(view),
      listQuery,
    );
  }

  /** The zone's entries after the one that left it at `serial`, oldest first (an incremental transfer). */
  async since(zoneId: string, serial: number, limit: number): Promise<ZoneHistoryRecord[]> {
    return query<ZoneHistoryRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${COLUMNS} FROM zone_history t WHERE t.zone_id = ${zoneId}::uuid AND t.created_at >
          (SELECT max(h.created_at) FROM zone_history h WHERE h.zone_id = ${zoneId}::uuid AND h.serial = ${serial})
        ORDER BY t.created_at, t.id LIMIT ${limit}`,
      'zone-history-since',
    );
  }

  /**
   * Removes entries beyond the retention, at most `batch` a call: older than `before`, or beyond the newest
   * `keep` of their zone. How many it removed.
   */
  async prune(before: Date, keep: number, batch: number): Promise<number> {
    const rows = await query<{ removed: number }>(
      this.prisma.pg,
      Prisma.sql`WITH old AS (
          SELECT id FROM zone_history WHERE created_at < ${before.toISOString()}::timestamptz AT TIME ZONE 'UTC'
          ORDER BY created_at LIMIT ${batch}
        ), crowded AS (
          SELECT zone_id FROM zone_history GROUP BY zone_id HAVING count(*) > ${keep} LIMIT ${batch}
        ), beyond AS (
          SELECT h.id FROM crowded c CROSS JOIN LATERAL (
            SELECT id FROM zone_history WHERE zone_id = c.zone_id ORDER BY created_at DESC, id DESC OFFSET ${keep}
          ) h LIMIT ${batch}
        ), removed AS (
          DELETE FROM zone_history WHERE id IN (SELECT id FROM old UNION SELECT id FROM beyond) RETURNING 1
        )
        SELECT count(*)::int AS removed FROM removed`,
      'zone-history-prune',
    );
    return rows[0].removed;
  }
}
