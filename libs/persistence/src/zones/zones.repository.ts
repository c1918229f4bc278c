import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  DomainError,
  ZONE_EVENTS,
  ZONE_EVENT_VERSION,
  ZoneEventPattern,
  ZoneEventV1,
  conflict,
  forbidden,
  notFound,
} from '@zonewarden/contracts';
import { ancestorNames, nextSerial, soaRecordData, unixSeconds } from '@zonewarden/dns';
import { Prisma, Zone } from '../generated/prisma/client';
import { ListQuery, Page, countQuery, pageQuery, toPage } from '../collections/keyset';
import { writeToOutbox } from '../outbox/outbox.writer';
import { PrismaService, Tx } from '../prisma.service';
import { Scope, ZONE_COLLECTION, ZoneRecord } from './zone.record';

export interface NewZone {
  projectId: string;
  poolId: string;
  name: string;
  email: string;
  ttl: number;
  description: string | null;
  attributes: Record<string, string>;
}

export interface ZoneChanges {
  email?: string;
  ttl?: number;
  description?: string | null;
}

const ZONE_COLUMNS = Prisma.raw(`t.id, t.project_id AS "projectId", t.pool_id AS "poolId", t.name, t.email, t.ttl,
  t.serial, t.status::text AS status, t.action::text AS action, t.type::text AS type, t.description, t.masters,
  t.attributes, t.version, t.error_reason AS "errorReason", t.created_at AS "createdAt", t.updated_at AS "updatedAt",
  t.transferred_at AS "transferredAt"`);

export const ZONE_NOT_FOUND_MESSAGE = 'Could not find Zone';

function toZoneRecord(row: Zone | (Omit<Zone, 'serial'> & { serial: bigint })): ZoneRecord {
  return {
    ...row,
    serial: Number(row.serial),
    masters: row.masters as string[],
    attributes: row.attributes as Record<string, string>,
  } as ZoneRecord;
}

function scopeFilter(scope: Scope): { projectId?: string } {
  return scope.projectId === null ? {} : { projectId: scope.projectId };
}

function scopeSql(scope: Scope): Prisma.Sql[] {
  return scope.projectId === null ? [] : [Prisma.sql`t.project_id = ${scope.projectId}`];
}

function zoneEvent(zone: ZoneRecord, action: ZoneEventV1['action']): ZoneEventV1 {
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

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

@Injectable()
export class ZonesRepository {
  constructor(private readonly prisma: PrismaService) {}

  async findInScope(id: string, scope: Scope): Promise<ZoneRecord> {
    const row = await this.prisma.zone.findFirst({ where: { id, ...scopeFilter(scope) } });
    if (!row) throw notFound('zone_not_found', ZONE_NOT_FOUND_MESSAGE);
    return toZoneRecord(row);
  }

  async list(scope: Scope, query: ListQuery): Promise<Page<ZoneRecord>> {
    const scopeConditions = scopeSql(scope);
    if (query.marker) await this.assertMarker(query.marker, scopeConditions);
    const [rows, counted] = await Promise.all([
      this.prisma.$queryRaw<Zone[]>(pageQuery(ZONE_COLLECTION, ZONE_COLUMNS, scopeConditions, query)),
      this.prisma.$queryRaw<{ total: number }[]>(countQuery(ZONE_COLLECTION, scopeConditions, query.filters)),
    ]);
    return toPage(rows.map(toZoneRecord), query.limit, counted[0].total);
  }

  private async assertMarker(marker: string, scope: Prisma.Sql[]): Promise<void> {
    const conditions = Prisma.join([Prisma.sql`t.id = ${marker}::uuid`, ...scope], ' AND ');
    const found = await this.prisma.$queryRaw<unknown[]>(Prisma.sql`SELECT 1 FROM zones t WHERE ${conditions}`);
    if (found.length === 0) throw new DomainError(400, 'marker_not_found', `Marker ${marker} could not be found`);
  }

  /** Creates the zone with its managed SOA and NS record sets, and announces it, in one transaction. */
  async create(zone: NewZone, requestId?: string): Promise<ZoneRecord> {
    try {
      return await this.prisma.$transaction(async (tx) => {
        await this.assertNameIsFree(tx, zone);
        const nsRecords = await tx.poolNsRecord.findMany({ where: { poolId: zone.poolId }, orderBy: { priority: 'asc' } });
        if (nsRecords.length === 0) {
          throw new DomainError(500, 'no_servers_configured', 'The pool of this zone has no nameservers configured');
        }
        const serial = unixSeconds();
        const created = toZoneRecord(
          await tx.zone.create({
            data: {
              id: randomUUID(),
              ...zone,
              serial,
              status: 'ACTIVE',
              action: 'CREATE',
            },
          }),
        );
        await tx.recordSet.create({
          data: {
            id: randomUUID(),
            zoneId: created.id,
            projectId: created.projectId,
            name: created.name,
            type: 'SOA',
            managed: true,
            records: {
              create: { id: randomUUID(), data: soaRecordData(nsRecords[0].hostname, created.email, serial) },
            },
          },
        });
        await tx.recordSet.create({
          data: {
            id: randomUUID(),
            zoneId: created.id,
            projectId: created.projectId,
            name: created.name,
            type: 'NS',
            managed: true,
            records: { create: nsRecords.map((ns) => ({ id: randomUUID(), data: ns.hostname })) },
          },
        });
        await this.announce(tx, ZONE_EVENTS.created, zoneEvent(created, 'CREATE'), requestId);
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('duplicate_zone', 'Duplicate Zone');
      throw error;
    }
  }

  /**
   * A live zone's name is taken for everyone; a project may not create a zone inside or above
   * another project's zone. (Same-name races are settled by the partial unique index.)
   */
  private async assertNameIsFree(tx: Tx, zone: NewZone): Promise<void> {
    const ancestors = ancestorNames(zone.name);
    const related = await tx.$queryRaw<{ name: string; projectId: string }[]>(Prisma.sql`
      SELECT name, project_id AS "projectId" FROM zones
      WHERE status <> 'DELETED'
        AND (name = ${zone.name}
          OR name = ANY(${ancestors}::text[])
          OR right(name, ${zone.name.length + 1}) = ${'.' + zone.name})
      LIMIT 10`);
    for (const other of related) {
      if (other.name === zone.name) throw conflict('duplicate_zone', 'Duplicate Zone');
    }
    for (const other of related) {
      if (other.projectId === zone.projectId) continue;
      if (ancestors.includes(other.name)) {
        throw forbidden('Unable to create subzone in another tenants zone', 'illegal_child');
      }
      throw forbidden('Unable to create zone because another tenant owns a subzone of the zone', 'illegal_parent');
    }
  }

  /** Applies a PATCH: bumps the serial (and the SOA record), the version, and announces the update. */
  async update(id: string, scope: Scope, changes: ZoneChanges, requestId?: string): Promise<ZoneRecord> {
    return this.prisma.$transaction(async (tx) => {
      const current = await this.lockInScope(tx, id, scope);
      if (current.action === 'DELETE') throw new DomainError(400, 'bad_request', 'Can not update a deleting zone');
      const serial = nextSerial(current.serial);
      const updated = toZoneRecord(
        await tx.zone.update({
          where: { id },
          data: {
            ...changes,
            serial,
            action: 'UPDATE',
            actionAt: new Date(),
            version: { increment: 1 },
            updatedAt: new Date(),
          },
        }),
      );
      await this.rewriteSoa(tx, updated);
      await this.announce(tx, ZONE_EVENTS.updated, zoneEvent(updated, 'UPDATE'), requestId);
      return updated;
    });
  }

  /** Starts the asynchronous delete; a zone already being deleted is answered as it is. */
  async markDeleting(id: string, scope: Scope, requestId?: string): Promise<ZoneRecord> {
    return this.prisma.$transaction(async (tx) => {
      const current = await this.lockInScope(tx, id, scope);
      if (current.action === 'DELETE') return current;
      const deleting = toZoneRecord(
        await tx.zone.update({
          where: { id },
          data: {
            status: 'PENDING',
            action: 'DELETE',
            actionAt: new Date(),
            version: { increment: 1 },
            updatedAt: new Date(),
          },
        }),
      );
      await this.announce(tx, ZONE_EVENTS.deleted, zoneEvent(deleting, 'DELETE'), requestId);
      return deleting;
    });
  }

  /** Removes the zone (and, by cascade, its record sets) from storage without touching any target. */
  async abandon(id: string, scope: Scope): Promise<void> {
    const { count } = await this.prisma.zone.deleteMany({ where: { id, ...scopeFilter(scope) } });
    if (count === 0) throw notFound('zone_not_found', ZONE_NOT_FOUND_MESSAGE);
  }

  private async lockInScope(tx: Tx, id: string, scope: Scope): Promise<ZoneRecord> {
    const rows = await tx.$queryRaw<Zone[]>(
      Prisma.sql`SELECT ${ZONE_COLUMNS} FROM zones t WHERE t.id = ${id}::uuid ${
        scope.projectId === null ? Prisma.empty : Prisma.sql`AND t.project_id = ${scope.projectId}`
      } FOR UPDATE`,
    );
    if (rows.length === 0) throw notFound('zone_not_found', ZONE_NOT_FOUND_MESSAGE);
    return toZoneRecord(rows[0]);
  }

  private async rewriteSoa(tx: Tx, zone: ZoneRecord): Promise<void> {
    const soa = await tx.recordSet.findUnique({
      where: { zoneId_name_type: { zoneId: zone.id, name: zone.name, type: 'SOA' } },
      include: { records: true },
    });
    if (!soa || soa.records.length === 0) return;
    const [mname] = soa.records[0].data.split(' ');
    await tx.record.update({ where: { id: soa.records[0].id }, data: { data: soaRecordData(mname, zone.email, zone.serial) } });
  }

  private async announce(tx: Tx, pattern: ZoneEventPattern, event: ZoneEventV1, requestId?: string): Promise<void> {
    await writeToOutbox(tx, { pattern, payload: event, requestId });
  }
}
