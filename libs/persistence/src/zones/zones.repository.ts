import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PoolClient } from 'pg';
import { DomainError, ZONE_EVENTS, conflict, forbidden, notFound } from '@zonewarden/contracts';
import { ancestorNames, soaRecordData, unixSeconds } from '@zonewarden/dns';
import { Prisma } from '../generated/prisma/client';
import { ListQuery, Page, listPage } from '../collections/keyset';
import { PrismaService } from '../prisma.service';
import { overQuota, withinQuota } from '../quotas/quotas.repository';
import { isUniqueViolation, query, withTransaction } from '../sql';
import { Scope, inScope } from '../access/scope';
import { ZONE_COLLECTION, ZoneRecord } from './zone.record';
import {
  ZONE_COLUMNS,
  ZONE_NOT_FOUND_MESSAGE,
  ZoneChanges,
  ZoneRow,
  announceZone,
  changeZone,
  lockZoneInScope,
  toZoneRecord,
  zoneEvent,
} from './zone-sql';

export interface NewZone {
  projectId: string;
  poolId: string;
  name: string;
  email: string;
  ttl: number;
  description: string | null;
  attributes: Record<string, string>;
}

/** Zones in storage. Written with plain SQL in explicit transactions: this is the API's hot path. */
@Injectable()
export class ZonesRepository {
  constructor(private readonly prisma: PrismaService) {}

  async findInScope(id: string, scope: Scope): Promise<ZoneRecord> {
    const [row] = await query<ZoneRow>(
      this.prisma.pg,
      Prisma.sql`SELECT ${ZONE_COLUMNS} FROM zones t WHERE t.id = ${id}::uuid AND ${inScope(scope)}`,
      'zone-find',
    );
    if (!row) throw notFound('zone_not_found', ZONE_NOT_FOUND_MESSAGE);
    return toZoneRecord(row);
  }

  list(scope: Scope, listQuery: ListQuery): Promise<Page<ZoneRecord>> {
    return listPage<ZoneRow>(this.prisma.pg, ZONE_COLLECTION, ZONE_COLUMNS, [inScope(scope)], listQuery).then(
      (page) => ({
        ...page,
        items: page.items.map(toZoneRecord),
      }),
    );
  }

  /** Creates the zone with its managed SOA and NS record sets, and announces it, in one transaction. */
  create(zone: NewZone, zonesQuota: number, requestId?: string): Promise<ZoneRecord> {
    return withTransaction(this.prisma.pg, (tx) => this.createIn(tx, zone, zonesQuota, requestId));
  }

  /**
   * The same in the caller's transaction (an import's, which stages the zone's records first); `also`
   * (the import's record sets and its completion) runs before the zone is announced.
   */
  async createIn(
    tx: PoolClient,
    zone: NewZone,
    zonesQuota: number,
    requestId?: string,
    also?: (created: ZoneRecord) => Promise<void>,
  ): Promise<ZoneRecord> {
    try {
      await this.assertWithinQuota(tx, zone.projectId, zonesQuota);
      await this.assertNameIsFree(tx, zone);
      const nsRecords = await query<{ hostname: string }>(
        tx,
        Prisma.sql`SELECT hostname FROM pool_ns_records WHERE pool_id = ${zone.poolId}::uuid ORDER BY priority, hostname`,
        'pool-ns-hostnames',
      );
      if (nsRecords.length === 0) {
        throw new DomainError('no_servers_configured', 'The pool of this zone has no nameservers configured');
      }
      const serial = unixSeconds();
      const [row] = await query<ZoneRow>(
        tx,
        Prisma.sql`INSERT INTO zones AS t (id, project_id, pool_id, name, email, ttl, serial, description, attributes, status, action)
          VALUES (${randomUUID()}::uuid, ${zone.projectId}, ${zone.poolId}::uuid, ${zone.name}, ${zone.email}, ${zone.ttl},
            ${serial}, ${zone.description}, ${JSON.stringify(zone.attributes)}::jsonb, 'ACTIVE', 'CREATE')
          RETURNING ${ZONE_COLUMNS}`,
        'zone-insert',
      );
      const created = toZoneRecord(row);
      await this.insertManagedRecordSet(tx, created, 'SOA', [
        soaRecordData(nsRecords[0].hostname, created.email, serial),
      ]);
      await this.insertManagedRecordSet(
        tx,
        created,
        'NS',
        nsRecords.map((ns) => ns.hostname),
      );
      await also?.(created);
      await announceZone(tx, ZONE_EVENTS.created, zoneEvent(created, 'CREATE'), requestId);
      return created;
    } catch (error) {
      if (isUniqueViolation(error, 'zones_live_name_key')) throw conflict('duplicate_zone', 'Duplicate Zone');
      throw error;
    }
  }

  private async insertManagedRecordSet(
    tx: PoolClient,
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

  /** Concurrent creations in one project queue on a lock, so the count cannot be overtaken. */
  private async assertWithinQuota(tx: PoolClient, projectId: string, limit: number): Promise<void> {
    if (limit < 0) return;
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
    if (!withinQuota(limit, count + 1)) throw overQuota('zones');
  }

  /**
   * A live zone's name is taken for everyone; a project may not create a zone inside or above
   * another project's zone. (Same-name races are settled by the partial unique index.)
   */
  private async assertNameIsFree(tx: PoolClient, zone: NewZone): Promise<void> {
    const ancestors = ancestorNames(zone.name);
    const related = await query<{ name: string; projectId: string }>(
      tx,
      Prisma.sql`SELECT name, project_id AS "projectId" FROM zones
        WHERE status <> 'DELETED'
          AND (name = ${zone.name} OR name = ANY(${ancestors}::text[]) OR right(name, ${zone.name.length + 1}) = ${'.' + zone.name})
        LIMIT 10`,
      'zone-related-names',
    );
    if (related.some((other) => other.name === zone.name)) throw conflict('duplicate_zone', 'Duplicate Zone');
    for (const other of related) {
      if (other.projectId === zone.projectId) continue;
      if (ancestors.includes(other.name)) {
        throw forbidden('Unable to create subzone in another tenants zone', 'illegal_child');
      }
      throw forbidden(
        'Unable to create zone because another tenant owns a subzone of the zone',
        'illegal_parent',
      );
    }
  }

  /** Applies a PATCH: bumps the serial (and the SOA record), the version, and announces the update. */
  async update(id: string, scope: Scope, changes: ZoneChanges, requestId?: string): Promise<ZoneRecord> {
    return withTransaction(this.prisma.pg, async (tx) => {
      const current = await lockZoneInScope(tx, id, scope);
      return changeZone(tx, current, changes, requestId);
    });
  }

  /** Starts the asynchronous delete; a zone already being deleted is answered as it is. */
  async markDeleting(id: string, scope: Scope, requestId?: string): Promise<ZoneRecord> {
    return withTransaction(this.prisma.pg, async (tx) => {
      const current = await lockZoneInScope(tx, id, scope);
      if (current.action === 'DELETE') return current;
      const [row] = await query<ZoneRow>(
        tx,
        Prisma.sql`UPDATE zones AS t SET status = 'PENDING', action = 'DELETE', action_at = now(), version = version + 1, updated_at = now()
          WHERE id = ${id}::uuid RETURNING ${ZONE_COLUMNS}`,
        'zone-mark-deleting',
      );
      const deleting = toZoneRecord(row);
      await announceZone(tx, ZONE_EVENTS.deleted, zoneEvent(deleting, 'DELETE'), requestId);
      return deleting;
    });
  }

  /** Which of these names are live zones. */
  /** Live zones below `name` (children and deeper): an import's record sets must not fall in one. */
  async liveZoneNamesUnder(name: string): Promise<string[]> {
    const rows = await query<{ name: string }>(
      this.prisma.pg,
      Prisma.sql`SELECT name FROM zones WHERE status <> 'DELETED' AND right(name, ${name.length + 1}) = ${'.' + name}`,
      'zone-live-names-under',
    );
    return rows.map((row) => row.name);
  }

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

  /** Any zone by id, whoever owns it (pool-manager), or null. */
  async findById(id: string): Promise<ZoneRecord | null> {
    const [row] = await query<ZoneRow>(
      this.prisma.pg,
      Prisma.sql`SELECT ${ZONE_COLUMNS} FROM zones t WHERE t.id = ${id}::uuid`,
      'zone-find-by-id',
    );
    return row ? toZoneRecord(row) : null;
  }

  /**
   * Every target serves the zone at `serial`: the pending create/update is done. A newer change made
   * meanwhile (another serial) keeps its own pending action. Returns whether the zone was updated.
   */
  async markPropagated(id: string, serial: number): Promise<boolean> {
    return withTransaction(this.prisma.pg, async (tx) => {
      const rows = await query(
        tx,
        Prisma.sql`UPDATE zones SET action = 'NONE', status = 'ACTIVE', error_reason = NULL
          WHERE id = ${id}::uuid AND serial = ${serial} AND action IN ('CREATE', 'UPDATE') RETURNING id`,
        'zone-mark-propagated',
      );
      if (rows.length === 0) return false;
      // Every record set change is part of the serial just confirmed (each change bumps it).
      await query(
        tx,
        Prisma.sql`DELETE FROM recordsets WHERE zone_id = ${id}::uuid AND action = 'DELETE'`,
        'recordsets-purge-deleted',
      );
      await query(
        tx,
        Prisma.sql`UPDATE recordsets SET status = 'ACTIVE', action = 'NONE' WHERE zone_id = ${id}::uuid AND action <> 'NONE'`,
        'recordsets-mark-propagated',
      );
      return true;
    });
  }

  /** Propagation gave up for now: ERROR with a reason for operators; the action stays pending. */
  async markError(id: string, action: ZoneRecord['action'], serial: number, reason: string): Promise<void> {
    await query(
      this.prisma.pg,
      Prisma.sql`UPDATE zones SET status = 'ERROR', error_reason = ${reason.slice(0, 1000)}, action_at = now()
        WHERE id = ${id}::uuid AND action = ${action}::"ZoneAction" AND serial = ${serial}`,
      'zone-mark-error',
    );
  }

  /** A deleted zone left every target: remove it and its record sets from storage, and announce it. */
  async purge(id: string, requestId?: string): Promise<boolean> {
    return withTransaction(this.prisma.pg, async (tx) => {
      const [row] = await query<ZoneRow>(
        tx,
        Prisma.sql`DELETE FROM zones t WHERE t.id = ${id}::uuid AND t.action = 'DELETE' RETURNING ${ZONE_COLUMNS}`,
        'zone-purge',
      );
      if (!row) return false;
      const purged = toZoneRecord(row);
      await announceZone(tx, ZONE_EVENTS.purged, zoneEvent(purged, 'PURGE'), requestId);
      return true;
    });
  }

  /**
   * Claims zones whose action has been pending since before `pendingSince` (oldest first) for a
   * reconciler: their action_at is moved to now, so concurrent reconcilers take different zones.
   */
  async claimStale(pendingSince: Date, limit: number): Promise<string[]> {
    const rows = await query<{ id: string }>(
      this.prisma.pg,
      Prisma.sql`UPDATE zones SET action_at = now() WHERE id IN (
          SELECT id FROM zones WHERE action <> 'NONE' AND action_at < ${pendingSince.toISOString()}::timestamptz AT TIME ZONE 'UTC'
          ORDER BY action_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      'zone-claim-stale',
    );
    return rows.map((row) => row.id);
  }

  /** Removes the zone (and, by cascade, its record sets) from storage without touching any target. */
  async abandon(id: string, scope: Scope): Promise<void> {
    const deleted = await query(
      this.prisma.pg,
      Prisma.sql`DELETE FROM zones t WHERE t.id = ${id}::uuid AND ${inScope(scope)} RETURNING t.id`,
    );
    if (deleted.length === 0) throw notFound('zone_not_found', ZONE_NOT_FOUND_MESSAGE);
  }
}
