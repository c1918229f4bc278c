import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PoolClient } from 'pg';
import { DomainError, conflict, notFound } from '@zonewarden/contracts';
import { Prisma } from '../generated/prisma/client';
import { ListQuery, Page, listPage } from '../collections/keyset';
import { PrismaService } from '../prisma.service';
import { Quotas, overQuota, withinQuota } from '../quotas/quotas.repository';
import { isUniqueViolation, query, withTransaction } from '../sql';
import {
  NO_COUNT_CHANGE,
  RecordCountDelta,
  changeZone,
  lockZoneInScope,
  recordCounts,
} from '../zones/zone-sql';
import { Scope, inScope } from '../access/scope';
import { ZoneRecord } from '../zones/zone.record';
import { RECORDSET_COLLECTION, RecordSetRecord } from './recordset.record';

export const RECORDSET_NOT_FOUND_MESSAGE = 'Could not find RecordSet';

const COLUMNS =
  Prisma.raw(`t.id, t.zone_id AS "zoneId", (SELECT z.name FROM zones z WHERE z.id = t.zone_id) AS "zoneName",
  t.project_id AS "projectId", t.name, t.type, t.ttl, t.description, t.status::text AS status, t.action::text AS action,
  t.managed, t.version, COALESCE((SELECT array_agg(r.data ORDER BY r.data) FROM records r WHERE r.recordset_id = t.id), '{}') AS records,
  t.created_at AT TIME ZONE 'UTC' AS "createdAt", t.updated_at AT TIME ZONE 'UTC' AS "updatedAt"`);

export interface NewRecordSet {
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

/** Checks made against the zone's current content, inside the write transaction. */
export interface RecordSetRules {
  quotas: Quotas;
  /** Throws a DomainError when the new or changed record set is not allowed next to what exists. */
  check(zone: ZoneRecord, recordSet: { name: string; type: string }, existingTypesAtName: string[]): void;
}

const notFoundError = () => notFound('recordset_not_found', RECORDSET_NOT_FOUND_MESSAGE);

/**
 * Record sets. Every change runs in the zone's transaction (its row locked): the zone's serial grows,
 * it becomes `action: UPDATE` and `zone.updated` is announced, so the change propagates; the record set
 * stays PENDING until pool-manager confirms it. A deleted record set is kept, `action: DELETE`, until then.
 */
/** Managed record sets (SOA, apex NS, even when an admin edits them) do not count towards the quotas. */
const countedChange = (set: RecordSetRecord, delta: RecordCountDelta) =>
  set.managed ? NO_COUNT_CHANGE : delta;

@Injectable()
export class RecordSetsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async find(scope: Scope, id: string, zoneId?: string): Promise<RecordSetRecord> {
    const [row] = await query<RecordSetRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${COLUMNS} FROM recordsets t WHERE t.id = ${id}::uuid
        AND (${zoneId ?? null}::uuid IS NULL OR t.zone_id = ${zoneId ?? null}::uuid)
        AND ${inScope(scope)}`,
      'recordset-find',
    );
    if (!row) throw notFoundError();
    return row;
  }

  /** A zone's record sets, or (no zone) those of every zone in scope. */
  list(scope: Scope, zoneId: string | null, listQuery: ListQuery): Promise<Page<RecordSetRecord>> {
    return listPage<RecordSetRecord>(
      this.prisma.pg,
      RECORDSET_COLLECTION,
      COLUMNS,
      [...[inScope(scope)], ...(zoneId ? [Prisma.sql`t.zone_id = ${zoneId}::uuid`] : [])],
      listQuery,
    );
  }

  async create(
    scope: Scope,
    zoneId: string,
    input: NewRecordSet,
    rules: RecordSetRules,
    requestId?: string,
  ): Promise<RecordSetRecord> {
    try {
      return await withTransaction(this.prisma.pg, async (tx) => {
        const zone = await lockZoneInScope(tx, zoneId, scope);
        if (zone.action === 'DELETE') throw new DomainError('bad_request', 'Can not update a deleting zone');
        const siblings = await query<{ type: string }>(
          tx,
          Prisma.sql`SELECT type FROM recordsets WHERE zone_id = ${zoneId}::uuid AND name = ${input.name} AND action <> 'DELETE'`,
          'recordset-types-at-name',
        );
        if (siblings.some((s) => s.type === input.type))
          throw conflict('duplicate_recordset', 'Duplicate RecordSet');
        rules.check(
          zone,
          input,
          siblings.map((s) => s.type),
        );
        await this.checkQuotas(tx, zone, rules.quotas, input.records.length, 1);
        // A record set of the same name and type still being deleted is replaced.
        await query(
          tx,
          Prisma.sql`DELETE FROM recordsets WHERE zone_id = ${zoneId}::uuid AND name = ${input.name} AND type = ${input.type}`,
        );
        const id = randomUUID();
        await query(
          tx,
          Prisma.sql`INSERT INTO recordsets (id, zone_id, project_id, name, type, ttl, description, status, action)
            VALUES (${id}::uuid, ${zoneId}::uuid, ${zone.projectId}, ${input.name}, ${input.type}, ${input.ttl}::int, ${input.description}, 'PENDING', 'CREATE')`,
          'recordset-insert',
        );
        await this.insertRecords(tx, id, input.records);
        await changeZone(tx, zone, {}, requestId, { sets: 1, records: input.records.length });
        return this.findIn(tx, id);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('duplicate_recordset', 'Duplicate RecordSet');
      throw error;
    }
  }

  /**
   * Applies a change after `guard` has approved the current record set (managed records, SOA, …).
   * `records`, when given, replaces the set's records.
   */
  async update(
    scope: Scope,
    zoneId: string,
    id: string,
    changes: RecordSetChanges,
    rules: Pick<RecordSetRules, 'quotas'>,
    guard: (current: RecordSetRecord) => void,
    requestId?: string,
  ): Promise<RecordSetRecord> {
    return withTransaction(this.prisma.pg, async (tx) => {
      const { zone, current } = await this.lockForChange(tx, scope, zoneId, id, guard);
      let counted = NO_COUNT_CHANGE;
      if (changes.records) {
        await this.checkQuotas(tx, zone, rules.quotas, changes.records.length, 0, current.records.length);
        await query(tx, Prisma.sql`DELETE FROM records WHERE recordset_id = ${id}::uuid`, 'records-delete');
        await this.insertRecords(tx, id, changes.records);
        counted = countedChange(current, {
          sets: 0,
          records: changes.records.length - current.records.length,
        });
      }
      await query(
        tx,
        Prisma.sql`UPDATE recordsets SET
            ttl = CASE WHEN ${changes.ttl !== undefined} THEN ${changes.ttl ?? null}::int ELSE ttl END,
            description = CASE WHEN ${changes.description !== undefined} THEN ${changes.description ?? null} ELSE description END,
            status = 'PENDING', action = 'UPDATE', version = version + 1, updated_at = now()
          WHERE id = ${id}::uuid`,
        'recordset-update',
      );
      await changeZone(tx, zone, {}, requestId, counted);
      return this.findIn(tx, id);
    });
  }

  /** Marks the record set deleted (it leaves DNS at once); pool-manager removes the row once propagated. */
  async delete(
    scope: Scope,
    zoneId: string,
    id: string,
    guard: (current: RecordSetRecord) => void,
    requestId?: string,
  ): Promise<RecordSetRecord> {
    return withTransaction(this.prisma.pg, async (tx) => {
      const { zone, current } = await this.lockForChange(tx, scope, zoneId, id, guard);
      await query(
        tx,
        Prisma.sql`UPDATE recordsets SET status = 'PENDING', action = 'DELETE', version = version + 1, updated_at = now() WHERE id = ${id}::uuid`,
        'recordset-mark-deleted',
      );
      await changeZone(
        tx,
        zone,
        {},
        requestId,
        countedChange(current, { sets: -1, records: -current.records.length }),
      );
      return this.findIn(tx, id);
    });
  }

  /** Locks the zone and the record set for a change `guard` approves; a record set being deleted is not found. */
  private async lockForChange(
    tx: PoolClient,
    scope: Scope,
    zoneId: string,
    id: string,
    guard: (current: RecordSetRecord) => void,
  ): Promise<{ zone: ZoneRecord; current: RecordSetRecord }> {
    const zone = await lockZoneInScope(tx, zoneId, scope);
    const current = await this.findIn(tx, id, zoneId);
    if (current.action === 'DELETE') throw notFoundError();
    guard(current);
    if (zone.action === 'DELETE') throw new DomainError('bad_request', 'Can not update a deleting zone');
    return { zone, current };
  }

  private async findIn(tx: PoolClient, id: string, zoneId?: string): Promise<RecordSetRecord> {
    const [row] = await query<RecordSetRecord>(
      tx,
      Prisma.sql`SELECT ${COLUMNS} FROM recordsets t WHERE t.id = ${id}::uuid AND (${zoneId ?? null}::uuid IS NULL OR t.zone_id = ${zoneId ?? null}::uuid) FOR UPDATE`,
      'recordset-lock',
    );
    if (!row) throw notFoundError();
    return row;
  }

  private async insertRecords(tx: PoolClient, recordsetId: string, records: string[]): Promise<void> {
    await query(
      tx,
      Prisma.sql`INSERT INTO records (id, recordset_id, data)
        SELECT gen_random_uuid(), ${recordsetId}::uuid, data FROM unnest(${records}::text[]) AS data`,
      'records-insert',
    );
  }

  /** Record sets and records of the zone (managed ones aside) after the change stay within the quotas. */
  private async checkQuotas(
    tx: PoolClient,
    zone: ZoneRecord,
    quotas: Quotas,
    records: number,
    addedSets: number,
    removedRecords = 0,
  ): Promise<void> {
    if (!withinQuota(quotas.recordset_records, records)) throw overQuota('recordset_records');
    // Kept in the zone's row by every writer (RecordCountDelta): no counting of a large zone per change.
    const counts = await recordCounts(tx, zone.id);
    if (!withinQuota(quotas.zone_recordsets, counts.sets + addedSets)) throw overQuota('zone_recordsets');
    if (!withinQuota(quotas.zone_records, counts.records - removedRecords + records))
      throw overQuota('zone_records');
  }
}
