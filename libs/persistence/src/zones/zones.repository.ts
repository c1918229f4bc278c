import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SoaValues, emailToRname, nextSerial } from '@zonewarden/dns';
import { Prisma } from '../generated/prisma/client';
import { Scope, inScope, inScopeOrShared } from '../access/scope';
import { NAME_CATALOGS } from '../catalogs/catalogs.repositories';
import { ListQuery, ListSource, Page, listPage } from '../collections/keyset';
import { PrismaService } from '../prisma.service';
import { OutboxEntry, outboxRow } from '../outbox/outbox.writer';
import { isUniqueViolation, query } from '../sql';
import { Queryable, Transaction } from '../transaction';
import {
  DESIGNATE_ZONE_COLLECTION,
  POOL_MOVE_STAGES,
  ZONE_COLLECTION,
  ZoneRecord,
  ZoneType,
} from './zone.record';
import { ZoneCreationEntry } from '../history/zone-history.record';
import {
  NO_COUNT_CHANGE,
  RecordCountDelta,
  ZONE_COLUMNS,
  ZoneChanges,
  ZoneRow,
  toZoneRecord,
  zoneNameBelow,
} from './zone-sql';

export interface NewZone {
  projectId: string;
  poolId: string;
  /** Lower case. */
  name: string;
  /** The name as given (ZoneRecord.writtenName); stored only when its letter case differs from `name`'s. */
  writtenName?: string;
  email: string;
  ttl: number;
  description: string | null;
  attributes: Record<string, string>;
  /** PRIMARY when absent. */
  type?: ZoneType;
  /** A SECONDARY zone's masters (`host` or `host:port`). */
  masters?: string[];
  /** An imported zone's SOA serial and timers, from its zonefile (the service's own otherwise). */
  soa?: SoaValues;
}

/** What a new zone is checked against, read in one round trip (creationContext). */
export interface ZoneCreationContext {
  tlds: string[];
  patterns: string[];
  /** The live zones that stand in the way of the new one (relatedByName). */
  related: { name: string; projectId: string }[];
  /** Hostnames of the pool's nameservers, primary first. */
  nameservers: string[];
  /** The project's live zones, as last committed (not locked: the insert checks again). */
  liveZones: number;
  /** The project's quota overrides (QuotasRepository.overrides), read in the same round trip. */
  quotaOverrides: { resource: string; hardLimit: number }[];
}

/** A managed record set (SOA, apex NS) at a new zone's name. */
export interface ManagedRecordSet {
  type: string;
  records: string[];
}

/** The project's zones from the maintained counters (project_zone_counts). */
const projectCount = (projectId: string, column: 'count' | 'total') =>
  Prisma.sql`(SELECT coalesce(sum(${Prisma.raw(column)}), 0)::int FROM project_zone_counts WHERE project_id = ${projectId})`;

/**
 * The zones a scope lists. All projects: one part, sized by the installation's counters (zone_counts, 64
 * rows whatever the projects). One project: its own zones (through the (project_id, sort key, id) indexes)
 * and those shared with it, paged apart and merged; sized by its counters plus its shares.
 */
function zoneSource(scope: Scope): ListSource {
  const projectId = scope.projectId;
  if (projectId === null)
    return {
      parts: [[]],
      unfilteredCount: Prisma.sql`SELECT coalesce(sum(total), 0)::int AS total FROM zone_counts`,
    };
  const sharedWith = Prisma.sql`SELECT s.zone_id FROM zone_shares s JOIN zones z ON z.id = s.zone_id
    WHERE s.target_project_id = ${projectId} AND z.project_id <> ${projectId}`;
  return {
    parts: [[Prisma.sql`t.project_id = ${projectId}`], [Prisma.sql`t.id IN (${sharedWith})`]],
    unfilteredCount: Prisma.sql`SELECT (${projectCount(projectId, 'total')} + (SELECT count(*) FROM (${sharedWith}) shared))::int AS total`,
  };
}

/**
 * The API's side of the zones table, in plain SQL (its hot path): reads and writes only, on the pool or
 * the caller's transaction; what is allowed is decided by the domain's ZonesService.
 */
@Injectable()
export class ZonesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The zone, when the scope owns it or has it shared with it. */
  async find(db: Queryable, id: string, scope: Scope): Promise<ZoneRecord | null> {
    const [row] = await query<ZoneRow>(
      db,
      Prisma.sql`SELECT ${ZONE_COLUMNS} FROM zones t WHERE t.id = ${id}::uuid AND ${inScopeOrShared(scope, 't.id')}`,
      'zone-find',
    );
    return row ? toZoneRecord(row) : null;
  }

  /**
   * The zones the scope owns or has shared with it; null when the marker is not in the collection.
   * `shownPending`: the status filter and sort read the status Designate shows (DESIGNATE_ZONE_COLLECTION).
   */
  async list(scope: Scope, listQuery: ListQuery, shownPending = false): Promise<Page<ZoneRecord> | null> {
    const page = await listPage<ZoneRow>(
      this.prisma.pg,
      shownPending ? DESIGNATE_ZONE_COLLECTION : ZONE_COLLECTION,
      ZONE_COLUMNS,
      zoneSource(scope),
      listQuery,
    );
    return page && { ...page, items: page.items.map(toZoneRecord) };
  }

  /**
   * Live zones of the project, once concurrent creations (and accepts) in it queue on its lock until this
   * transaction ends (so the count holds): read from its counters after the lock.
   */
  async countLiveLocked(tx: Transaction, projectId: string): Promise<number> {
    const [{ count }] = await query<{ count: number }>(
      tx,
      Prisma.sql`SELECT zonewarden_lock_live_zone_count(${projectId}) AS count`,
      'zone-quota-count',
    );
    return count;
  }

  /** Everything a new zone is checked against, in one statement (its checks' one round trip). */
  async creationContext(
    db: Queryable,
    zone: { name: string; projectId: string; poolId: string },
    ancestors: string[],
  ): Promise<ZoneCreationContext> {
    const [row] = await query<ZoneCreationContext>(
      db,
      Prisma.sql`SELECT ${NAME_CATALOGS},
          (SELECT coalesce(json_agg(r), '[]') FROM (${this.relatedByName(zone, ancestors)}) r) AS related,
          ARRAY(SELECT hostname FROM pool_ns_records WHERE pool_id = ${zone.poolId}::uuid ORDER BY priority, hostname) AS nameservers,
          ${projectCount(zone.projectId, 'count')} AS "liveZones",
          (SELECT coalesce(json_agg(json_build_object('resource', resource, 'hardLimit', hard_limit)), '[]')
            FROM quotas WHERE project_id = ${zone.projectId}) AS "quotaOverrides"`,
      'zone-creation-context',
    );
    return row;
  }

  /**
   * The live zones that stand in the way of `zone`: one named like it (any project; the partial unique
   * index), else one of another project above it (`ancestors`: one probe of that index each) or below
   * it (a range of the reversed names' index) — the same name first (a pool's catalog zone's too, which
   * mini-dns serves under it); at most one. Each lookup costs the same whatever the table holds.
   */
  private relatedByName(zone: { name: string; projectId: string }, ancestors: string[]): Prisma.Sql {
    const { name, projectId } = zone;
    const live = Prisma.sql`SELECT name, project_id AS "projectId" FROM zones z WHERE z.status <> 'DELETED'`;
    return Prisma.sql`SELECT name, "projectId" FROM (
        (SELECT 0 AS rank, * FROM (${live} AND z.name = ${name}) same)
        UNION ALL (SELECT 0, name, '' FROM catalog_zones WHERE name = ${name})
        UNION ALL (SELECT 1, * FROM (${live} AND z.name = ANY(${ancestors}::text[]) AND z.project_id <> ${projectId} LIMIT 1) above)
        UNION ALL (SELECT 2, * FROM (${live} AND ${zoneNameBelow('z', name)} AND z.project_id <> ${projectId} LIMIT 1) below)
      ) related ORDER BY rank LIMIT 1`;
  }

  /**
   * Inserts the zone (action CREATE; ACTIVE, or PENDING for a SECONDARY zone until its first transfer)
   * with its managed record sets, in one statement. With a `zoneQuota` (not unlimited) the project's lock
   * is taken first, as late as the creation allows, and `liveZones` is the count under it: the zone is
   * inserted only below the quota. `zone` is null when refused so, or when a live zone took its name
   * meanwhile (the partial unique index). `announcement`, when given, goes into the outbox in the same
   * statement, only when the zone is inserted, and `creation` into its history: on the pool, the statement
   * is a whole transaction.
   */
  async insert(
    db: Queryable,
    zone: NewZone & { id: string },
    serial: number,
    zoneQuota: number | null,
    managed: ManagedRecordSet[],
    announcement?: OutboxEntry,
    creation?: ZoneCreationEntry,
  ): Promise<{ zone: ZoneRecord | null; liveZones: number | null }> {
    const type = zone.type ?? 'PRIMARY';
    const status = type === 'SECONDARY' ? 'PENDING' : 'ACTIVE';
    // Stored only where it differs: most names are given in lower case.
    const writtenName =
      zone.writtenName !== undefined && zone.writtenName !== zone.name ? zone.writtenName : null;
    const setIds = managed.map(() => randomUUID());
    const records = managed.flatMap((set, i) => set.records.map((data) => ({ setId: setIds[i], data })));
    const announced = announcement
      ? Prisma.sql`, announced AS (
          INSERT INTO outbox_messages (id, pattern, payload, headers) SELECT ${outboxRow(announcement)} FROM created
        )`
      : Prisma.empty;
    const soa = managed.find((set) => set.type === 'SOA')?.records[0] ?? null;
    const recorded = creation
      ? Prisma.sql`, recorded AS (
          INSERT INTO zone_history (id, zone_id, source, actor_project_id, actor, comment, serial, rrsets, soa_after, created_at)
          SELECT gen_random_uuid(), created.id, ${creation.source}, ${creation.actorProjectId},
            ${JSON.stringify(creation.actor)}::jsonb, ${creation.comment}, created.serial, '[]'::jsonb, ${soa},
            clock_timestamp() AT TIME ZONE 'UTC' FROM created
        )`
      : Prisma.empty;
    try {
      const [row] = await query<Partial<ZoneRow> & { liveZones: number | null }>(
        db,
        Prisma.sql`WITH slot AS (
            SELECT CASE WHEN ${zoneQuota}::int IS NOT NULL THEN zonewarden_lock_live_zone_count(${zone.projectId}) END AS live
          ), created AS (
            INSERT INTO zones AS t (id, project_id, pool_id, name, written_name, email, ttl, serial, description, attributes, status, action, type, masters)
            SELECT ${zone.id}::uuid, ${zone.projectId}, ${zone.poolId}::uuid, ${zone.name}, ${writtenName}::text, ${zone.email}, ${zone.ttl},
              ${serial}, ${zone.description}, ${JSON.stringify(zone.attributes)}::jsonb, ${status}::"ZoneStatus", 'CREATE',
              ${type}::"ZoneType", ${JSON.stringify(zone.masters ?? [])}::jsonb
            FROM slot WHERE slot.live IS NULL OR slot.live < ${zoneQuota}::int
            RETURNING ${ZONE_COLUMNS}
          ), sets AS (
            INSERT INTO recordsets (id, zone_id, project_id, name, type, managed, status, action)
            SELECT m.id, created.id, created."projectId", created.name, m.type, true, 'ACTIVE', 'CREATE'
            FROM created, unnest(${setIds}::uuid[], ${managed.map((set) => set.type)}::text[]) AS m(id, type)
          ), set_records AS (
            INSERT INTO records (id, recordset_id, data)
            SELECT gen_random_uuid(), r.set_id, r.data
            FROM created, unnest(${records.map((r) => r.setId)}::uuid[], ${records.map((r) => r.data)}::text[]) AS r(set_id, data)
          )${announced}${recorded}
          SELECT slot.live AS "liveZones", created.* FROM slot LEFT JOIN created ON true`,
        announcement ? 'zone-insert-announced' : 'zone-insert',
      );
      const { liveZones, ...created } = row;
      return { zone: created.id ? toZoneRecord(created as ZoneRow) : null, liveZones };
    } catch (error) {
      if (isUniqueViolation(error, 'zones_live_name_key')) return { zone: null, liveZones: null };
      throw error;
    }
  }

  /**
   * Locks the zone's row for the rest of the transaction; null when the scope neither owns the zone nor has
   * it shared with it (whether it may change it is the domain's decision).
   */
  async lock(tx: Transaction, id: string, scope: Scope): Promise<ZoneRecord | null> {
    const [row] = await query<ZoneRow>(
      tx,
      Prisma.sql`SELECT ${ZONE_COLUMNS} FROM zones t WHERE t.id = ${id}::uuid AND ${inScopeOrShared(scope, 't.id')} FOR UPDATE`,
      'zone-lock',
    );
    return row ? toZoneRecord(row) : null;
  }

  /** The zone's counted record sets and records (see RecordCountDelta). */
  async recordCounts(tx: Transaction, zoneId: string): Promise<RecordCountDelta> {
    const [counts] = await query<RecordCountDelta>(
      tx,
      Prisma.sql`SELECT recordset_count AS sets, record_count AS records FROM zones WHERE id = ${zoneId}::uuid`,
      'zone-record-counts-read',
    );
    return counts;
  }

  /**
   * Writes a change of the (locked) zone or its records: applies `changes` (and `counted`, how its record
   * sets moved), bumps the serial (the SOA record follows), the version and `updated_at`, and sets
   * `action: UPDATE`. The zone as it is now; announcing it is the domain's (ZoneChangeWriter).
   */
  async applyChange(
    tx: Transaction,
    current: ZoneRecord,
    changes: ZoneChanges,
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
    return updated;
  }

  /**
   * Starts the (locked) zone's move to `poolId`: the pool it leaves is kept as its previous one, at the move's
   * first stage, and its change is pending; a PRIMARY zone's SOA takes `mname` (the new pool's first
   * nameserver). The caller changes its NS records and announces the change.
   */
  async startPoolMove(tx: Transaction, id: string, poolId: string, mname: string): Promise<ZoneRecord> {
    const [row] = await query<ZoneRow>(
      tx,
      Prisma.sql`UPDATE zones AS t SET previous_pool_id = pool_id, pool_id = ${poolId}::uuid,
          pool_move_stage = ${POOL_MOVE_STAGES.ownershipAnnounced}, status = 'PENDING', action = 'UPDATE',
          action_at = now(), version = version + 1, updated_at = now()
        WHERE id = ${id}::uuid RETURNING ${ZONE_COLUMNS}`,
      'zone-start-pool-move',
    );
    await query(
      tx,
      Prisma.sql`UPDATE records r SET data = concat_ws(' ', ${mname}::text, array_to_string((string_to_array(r.data, ' '))[2:7], ' '))
        FROM recordsets s JOIN zones z ON z.id = s.zone_id
        WHERE r.recordset_id = s.id AND s.zone_id = ${id}::uuid AND s.type = 'SOA' AND z.type = 'PRIMARY'`,
      'soa-mname-rewrite',
    );
    return toZoneRecord(row);
  }

  async markDeleting(tx: Transaction, id: string): Promise<ZoneRecord> {
    const [row] = await query<ZoneRow>(
      tx,
      Prisma.sql`UPDATE zones AS t SET status = 'PENDING', action = 'DELETE', action_at = now(), version = version + 1, updated_at = now()
        WHERE id = ${id}::uuid RETURNING ${ZONE_COLUMNS}`,
      'zone-mark-deleting',
    );
    return toZoneRecord(row);
  }

  /** Which of these names are live zones. */
  async liveZoneNames(names: string[]): Promise<string[]> {
    if (names.length === 0) return [];
    const rows = await query<{ name: string }>(
      this.prisma.pg,
      Prisma.sql`SELECT name FROM zones WHERE name = ANY(${names}::text[]) AND status <> 'DELETED'`,
      'zone-live-names',
    );
    return rows.map((row) => row.name);
  }

  /** Live primary zones (not being deleted), oldest first: the legacy domain list. */
  async listLivePrimary(scope: Scope): Promise<ZoneRecord[]> {
    const rows = await query<ZoneRow>(
      this.prisma.pg,
      Prisma.sql`SELECT ${ZONE_COLUMNS} FROM zones t
        WHERE t.type = 'PRIMARY' AND t.action <> 'DELETE' AND ${inScope(scope)}
        ORDER BY t.created_at, t.id`,
      'zone-list-live-primary',
    );
    return rows.map(toZoneRecord);
  }

  /** How many zones are in each status and pending action (the gateway's metrics). */
  async countsByState(): Promise<{ status: string; action: string; count: number }[]> {
    return query(
      this.prisma.pg,
      Prisma.sql`SELECT status::text, action::text, count(*)::int AS count FROM zones GROUP BY status, action`,
    );
  }

  /** Removes the zone (and, by cascade, its record sets) from storage; whether it was there. */
  async remove(id: string, scope: Scope): Promise<boolean> {
    const deleted = await query(
      this.prisma.pg,
      Prisma.sql`DELETE FROM zones t WHERE t.id = ${id}::uuid AND ${inScope(scope)} RETURNING t.id`,
    );
    return deleted.length > 0;
  }
}
