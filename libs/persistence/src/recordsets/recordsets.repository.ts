import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { Scope, inScopeOrShared, recordSetInScopeOrShared } from '../access/scope';
import { ListQuery, ListSource, Page, listPage } from '../collections/keyset';
import { PrismaService } from '../prisma.service';
import { isUniqueViolation, query } from '../sql';
import { Queryable } from '../transaction';
import { ZoneRecord } from '../zones/zone.record';
import { RECORDSET_COLLECTION, RecordSetRecord } from './recordset.record';

export const RECORDSET_NOT_FOUND_MESSAGE = 'Could not find RecordSet';

const COLUMNS =
  Prisma.raw(`t.id, t.zone_id AS "zoneId", (SELECT COALESCE(z.written_name, z.name) FROM zones z WHERE z.id = t.zone_id) AS "zoneName",
  t.project_id AS "projectId", t.name, t.type, t.ttl, t.description, t.status::text AS status, t.action::text AS action,
  t.managed, t.version, COALESCE((SELECT array_agg(r.data ORDER BY r.data) FROM records r WHERE r.recordset_id = t.id), '{}') AS records,
  t.created_at AT TIME ZONE 'UTC' AS "createdAt", t.updated_at AT TIME ZONE 'UTC' AS "updatedAt"`);

/**
 * The record sets a scope lists, in disjoint parts each paged through a keyset index of RECORDSET_COLLECTION
 * (see docs/persistence.md, "Record sets at scale"). A record set's `project_id` is its creator's: its zone's
 * owner (a transfer moves them all), or a project the zone is shared with (which cannot be unshared while
 * that project has record sets in it).
 * - One zone: its record sets through the (zone_id, key, id) indexes, when the scope sees the zone (one
 *   probe); sized exactly by the zone's counter, `recordset_count`, plus the sets it leaves out (managed
 *   ones and those being deleted: a few rows of a partial index).
 * - All projects: one part, through the (key, id) indexes.
 * - One project: its own record sets in its own zones (the (project_id, key, id) indexes); those other
 *   projects created in its zones, which are shared; and those of the zones shared with it.
 * The last two are as large as the shared zones, not as the installation. Without a zone, filtered or not,
 * the count is capped (COUNT_LIMIT).
 */
function recordSetSource(scope: Scope, zoneId: string | null): ListSource {
  if (zoneId) {
    const zone = Prisma.sql`SELECT t.id, t.recordset_count FROM zones t WHERE t.id = ${zoneId}::uuid AND ${inScopeOrShared(scope, 't.id')}`;
    return {
      parts: [[Prisma.sql`t.zone_id = ${zoneId}::uuid`, Prisma.sql`EXISTS (${zone})`]],
      unfilteredCount: Prisma.sql`SELECT coalesce((SELECT z.recordset_count + (SELECT count(*) FROM recordsets r
        WHERE r.zone_id = z.id AND (r.managed OR r.action = 'DELETE')) FROM (${zone}) z), 0)::int AS total`,
    };
  }
  const projectId = scope.projectId;
  if (projectId === null) return { parts: [[]] };
  const sharedWith = Prisma.sql`SELECT s.zone_id FROM zone_shares s JOIN zones z ON z.id = s.zone_id
    WHERE s.target_project_id = ${projectId} AND z.project_id <> ${projectId}`;
  return {
    parts: [
      // Its record sets outside the zones shared with it: those in its own zones. (A hashed set of the
      // shared zones, read once; a probe of each row's zone would cost a lookup a row when counting.)
      [Prisma.sql`t.project_id = ${projectId}`, Prisma.sql`t.zone_id NOT IN (${sharedWith})`],
      // Those the projects it shares its zones with created there (through (zone_id, project_id, id)).
      [
        Prisma.sql`(t.zone_id, t.project_id) IN (SELECT s.zone_id, s.target_project_id FROM zone_shares s
          JOIN zones z ON z.id = s.zone_id WHERE s.project_id = ${projectId} AND z.project_id = ${projectId})`,
      ],
      [Prisma.sql`t.zone_id IN (${sharedWith})`],
    ],
  };
}

export interface NewRecordSet {
  /** Its creator's project: the zone's, or that of a project the zone is shared with. */
  projectId: string;
  name: string;
  type: string;
  ttl: number | null;
  description: string | null;
  records: string[];
}

export interface RecordSetChanges {
  ttl?: number | null;
  description?: string | null;
  records?: string[];
}

/**
 * Record sets: reads and writes only, on the pool or the transaction of the domain's RecordSetsService
 * (which locks the zone, decides, and changes the zone with each write).
 */
@Injectable()
export class RecordSetsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async find(scope: Scope, id: string, zoneId?: string): Promise<RecordSetRecord | null> {
    const [row] = await query<RecordSetRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${COLUMNS} FROM recordsets t WHERE t.id = ${id}::uuid
        AND (${zoneId ?? null}::uuid IS NULL OR t.zone_id = ${zoneId ?? null}::uuid)
        AND ${recordSetInScopeOrShared(scope)}`,
      'recordset-find',
    );
    return row ?? null;
  }

  /** A zone's record sets, or (no zone) those of every zone in scope (owned or shared with it); null when the marker is not there. */
  list(scope: Scope, zoneId: string | null, listQuery: ListQuery): Promise<Page<RecordSetRecord> | null> {
    return listPage<RecordSetRecord>(
      this.prisma.pg,
      RECORDSET_COLLECTION,
      COLUMNS,
      recordSetSource(scope, zoneId),
      listQuery,
    );
  }

  /** The types of the zone's live record sets (not being deleted) at `name`. */
  /** The zone's live record sets at `names` (a batch's, with their neighbours), in name and type order. */
  async liveAtNames(tx: Queryable, zoneId: string, names: string[]): Promise<RecordSetRecord[]> {
    return query<RecordSetRecord>(
      tx,
      Prisma.sql`SELECT ${COLUMNS} FROM recordsets t
        WHERE t.zone_id = ${zoneId}::uuid AND t.name = ANY(${names}::text[]) AND t.action <> 'DELETE'
        ORDER BY t.name, t.type`,
      'recordsets-at-names',
    );
  }

  async typesAtName(tx: Queryable, zoneId: string, name: string): Promise<string[]> {
    const rows = await query<{ type: string }>(
      tx,
      Prisma.sql`SELECT type FROM recordsets WHERE zone_id = ${zoneId}::uuid AND name = ${name} AND action <> 'DELETE'`,
      'recordset-types-at-name',
    );
    return rows.map((row) => row.type);
  }

  /** Whether the project created any of the zone's live record sets (not being deleted). */
  async anyCreatedBy(tx: Queryable, zoneId: string, projectId: string): Promise<boolean> {
    const rows = await query(
      tx,
      Prisma.sql`SELECT 1 FROM recordsets WHERE zone_id = ${zoneId}::uuid AND project_id = ${projectId} AND action <> 'DELETE' LIMIT 1`,
      'recordset-any-created-by',
    );
    return rows.length > 0;
  }

  /**
   * Inserts the record set (PENDING, action CREATE) with its records, replacing one of the same name and
   * type still being deleted; its id, or null when a record set of that name and type was there.
   */
  async insert(tx: Queryable, zone: ZoneRecord, input: NewRecordSet): Promise<string | null> {
    try {
      await query(
        tx,
        Prisma.sql`DELETE FROM recordsets WHERE zone_id = ${zone.id}::uuid AND name = ${input.name} AND type = ${input.type}`,
      );
      const id = randomUUID();
      await query(
        tx,
        Prisma.sql`INSERT INTO recordsets (id, zone_id, project_id, name, type, ttl, description, status, action)
          VALUES (${id}::uuid, ${zone.id}::uuid, ${input.projectId}, ${input.name}, ${input.type}, ${input.ttl}::int, ${input.description}, 'PENDING', 'CREATE')`,
        'recordset-insert',
      );
      await this.insertRecords(tx, id, input.records);
      return id;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** Replaces the record set's records. */
  async replaceRecords(tx: Queryable, id: string, records: string[]): Promise<void> {
    await query(tx, Prisma.sql`DELETE FROM records WHERE recordset_id = ${id}::uuid`, 'records-delete');
    await this.insertRecords(tx, id, records);
  }

  async update(tx: Queryable, id: string, changes: RecordSetChanges): Promise<void> {
    await query(
      tx,
      Prisma.sql`UPDATE recordsets SET
          ttl = CASE WHEN ${changes.ttl !== undefined} THEN ${changes.ttl ?? null}::int ELSE ttl END,
          description = CASE WHEN ${changes.description !== undefined} THEN ${changes.description ?? null} ELSE description END,
          status = 'PENDING', action = 'UPDATE', version = version + 1, updated_at = now()
        WHERE id = ${id}::uuid`,
      'recordset-update',
    );
  }

  /** Marks the record set deleted (it leaves DNS at once); pool-manager removes the row once propagated. */
  async markDeleted(tx: Queryable, id: string): Promise<void> {
    await query(
      tx,
      Prisma.sql`UPDATE recordsets SET status = 'PENDING', action = 'DELETE', version = version + 1, updated_at = now() WHERE id = ${id}::uuid`,
      'recordset-mark-deleted',
    );
  }

  /** The record set (of the zone, when given), its row locked for the rest of the transaction; or null. */
  async lock(tx: Queryable, id: string, zoneId?: string): Promise<RecordSetRecord | null> {
    const [row] = await query<RecordSetRecord>(
      tx,
      Prisma.sql`SELECT ${COLUMNS} FROM recordsets t WHERE t.id = ${id}::uuid AND (${zoneId ?? null}::uuid IS NULL OR t.zone_id = ${zoneId ?? null}::uuid) FOR UPDATE`,
      'recordset-lock',
    );
    return row ?? null;
  }

  private async insertRecords(tx: Queryable, recordsetId: string, records: string[]): Promise<void> {
    await query(
      tx,
      Prisma.sql`INSERT INTO records (id, recordset_id, data)
        SELECT gen_random_uuid(), ${recordsetId}::uuid, data FROM unnest(${records}::text[]) AS data`,
      'records-insert',
    );
  }
}
