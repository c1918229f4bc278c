import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { Scope, inScope, inScopeOrShared } from '../access/scope';
import { ListQuery, Page, listPage } from '../collections/keyset';
import { PrismaService } from '../prisma.service';
import { Queryable, isUniqueViolation, query } from '../sql';
import { DESIGNATE_ZONE_COLLECTION, ZONE_COLLECTION, ZoneRecord, ZoneType } from './zone.record';
import { ZONE_COLUMNS, ZoneRow, toZoneRecord } from './zone-sql';

export interface NewZone {
  projectId: string;
  poolId: string;
  name: string;
  email: string;
  ttl: number;
  description: string | null;
  attributes: Record<string, string>;
  /** PRIMARY when absent. */
  type?: ZoneType;
  /** A SECONDARY zone's masters (`host` or `host:port`). */
  masters?: string[];
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
      [inScopeOrShared(scope, 't.id')],
      listQuery,
    );
    return page && { ...page, items: page.items.map(toZoneRecord) };
  }

  /** Live zones of the project, once concurrent creations (and accepts) in it queue on a lock (so the count holds). */
  async countLiveLocked(tx: Queryable, projectId: string): Promise<number> {
    await query(
      tx,
      Prisma.sql`SELECT pg_advisory_xact_lock(hashtext(${'zones-of:' + projectId}))`,
      'zone-quota-lock',
    );
    const [{ count }] = await query<{ count: number }>(
      tx,
      Prisma.sql`SELECT count(*)::int AS count FROM zones WHERE project_id = ${projectId} AND status <> 'DELETED'`,
      'zone-quota-count',
    );
    return count;
  }

  /**
   * The live zones that stand in the way of `zone`: one named like it (any project), else one of another
   * project above it (`ancestors`) or below it — the same name first; at most one.
   */
  relatedByName(
    db: Queryable,
    zone: { name: string; projectId: string },
    ancestors: string[],
  ): Promise<{ name: string; projectId: string }[]> {
    const { name, projectId } = zone;
    return query<{ name: string; projectId: string }>(
      db,
      Prisma.sql`SELECT name, project_id AS "projectId" FROM zones
        WHERE status <> 'DELETED' AND (name = ${name} OR project_id <> ${projectId})
          AND (name = ${name} OR name = ANY(${ancestors}::text[]) OR right(name, ${name.length + 1}) = ${'.' + name})
        ORDER BY name = ${name} DESC LIMIT 1`,
      'zone-related-names',
    );
  }

  /** The pool's nameserver hostnames, primary first. */
  async poolNsHostnames(db: Queryable, poolId: string): Promise<string[]> {
    const rows = await query<{ hostname: string }>(
      db,
      Prisma.sql`SELECT hostname FROM pool_ns_records WHERE pool_id = ${poolId}::uuid ORDER BY priority, hostname`,
      'pool-ns-hostnames',
    );
    return rows.map((row) => row.hostname);
  }

  /**
   * The new zone (action CREATE; ACTIVE, or PENDING for a SECONDARY zone until its first transfer), or
   * null when a live zone took its name meanwhile.
   */
  async insert(tx: Queryable, zone: NewZone, serial: number): Promise<ZoneRecord | null> {
    const type = zone.type ?? 'PRIMARY';
    const status = type === 'SECONDARY' ? 'PENDING' : 'ACTIVE';
    try {
      const [row] = await query<ZoneRow>(
        tx,
        Prisma.sql`INSERT INTO zones AS t (id, project_id, pool_id, name, email, ttl, serial, description, attributes, status, action, type, masters)
          VALUES (${randomUUID()}::uuid, ${zone.projectId}, ${zone.poolId}::uuid, ${zone.name}, ${zone.email}, ${zone.ttl},
            ${serial}, ${zone.description}, ${JSON.stringify(zone.attributes)}::jsonb, ${status}::"ZoneStatus", 'CREATE',
            ${type}::"ZoneType", ${JSON.stringify(zone.masters ?? [])}::jsonb)
          RETURNING ${ZONE_COLUMNS}`,
        'zone-insert',
      );
      return toZoneRecord(row);
    } catch (error) {
      if (isUniqueViolation(error, 'zones_live_name_key')) return null;
      throw error;
    }
  }

  /** A record set of the service's own (SOA, apex NS) at the zone's name. */
  async insertManagedRecordSet(
    tx: Queryable,
    zone: ZoneRecord,
    type: string,
    records: string[],
  ): Promise<void> {
    const recordsetId = randomUUID();
    await query(
      tx,
      Prisma.sql`INSERT INTO recordsets (id, zone_id, project_id, name, type, managed, status, action)
        VALUES (${recordsetId}::uuid, ${zone.id}::uuid, ${zone.projectId}, ${zone.name}, ${type}, true, 'ACTIVE', 'CREATE')`,
      'recordset-insert-managed',
    );
    await query(
      tx,
      Prisma.sql`INSERT INTO records (id, recordset_id, data)
        SELECT gen_random_uuid(), ${recordsetId}::uuid, data FROM unnest(${records}::text[]) AS data`,
      'records-insert',
    );
  }

  async markDeleting(tx: Queryable, id: string): Promise<ZoneRecord> {
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

  /** Removes the zone (and, by cascade, its record sets) from storage; whether it was there. */
  async remove(id: string, scope: Scope): Promise<boolean> {
    const deleted = await query(
      this.prisma.pg,
      Prisma.sql`DELETE FROM zones t WHERE t.id = ${id}::uuid AND ${inScope(scope)} RETURNING t.id`,
    );
    return deleted.length > 0;
  }
}
