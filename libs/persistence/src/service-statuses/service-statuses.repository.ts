import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { ListQuery, Page, listPage } from '../collections/keyset';
import { PrismaService } from '../prisma.service';
import { query } from '../sql';
import {
  Heartbeat,
  SERVICE_STATUS_COLLECTION,
  ServiceStatusRecord,
  missedHeartbeats,
} from './service-status.record';

const COLUMNS =
  Prisma.raw(`t.id, t.service_name AS "serviceName", t.hostname, t.shown_status AS status, t.stats,
  t.capabilities, t.heartbeated_at AT TIME ZONE 'UTC' AS "heartbeatedAt",
  t.created_at AT TIME ZONE 'UTC' AS "createdAt", t.updated_at AT TIME ZONE 'UTC' AS "updatedAt"`);
const NOW = Prisma.raw(`(now() AT TIME ZONE 'UTC')`);

/** Each process's heartbeats, written straight to storage: a row that stays fresh shows storage is reachable too. */
@Injectable()
export class ServiceStatusesRepository {
  constructor(private readonly prisma: PrismaService) {}

  async beat(beat: Heartbeat): Promise<void> {
    const stats = JSON.stringify(beat.stats);
    const capabilities = JSON.stringify(beat.capabilities);
    await query(
      this.prisma.pg,
      Prisma.sql`INSERT INTO service_statuses AS s (id, service_name, hostname, process_id, status,
          heartbeat_interval_ms, stats, capabilities, heartbeated_at, created_at)
        VALUES (gen_random_uuid(), ${beat.serviceName}, ${beat.hostname}, ${beat.processId}, 'UP',
          ${beat.intervalMs}, ${stats}::jsonb, ${capabilities}::jsonb, ${NOW}, ${NOW})
        ON CONFLICT (service_name, hostname, process_id) DO UPDATE SET status = 'UP',
          heartbeat_interval_ms = EXCLUDED.heartbeat_interval_ms, stats = EXCLUDED.stats,
          capabilities = EXCLUDED.capabilities, heartbeated_at = EXCLUDED.heartbeated_at, updated_at = ${NOW}`,
      'service-status-beat',
    );
  }

  /**
   * Drops the rows of processes that ran this service on this host before and have stopped beating (a
   * restart gets a new process id): the host's new process stands in for them. Returns how many.
   */
  async replaceStopped(beat: Heartbeat): Promise<number> {
    const rows = await query(
      this.prisma.pg,
      Prisma.sql`DELETE FROM service_statuses s WHERE s.service_name = ${beat.serviceName}
          AND s.hostname = ${beat.hostname} AND s.process_id <> ${beat.processId}
          AND ${Prisma.raw(missedHeartbeats('s'))}
        RETURNING s.id`,
      'service-status-replace',
    );
    return rows.length;
  }

  list(listQuery: ListQuery): Promise<Page<ServiceStatusRecord> | null> {
    return listPage<ServiceStatusRecord>(this.prisma.pg, SERVICE_STATUS_COLLECTION, COLUMNS, [], listQuery);
  }

  async find(id: string): Promise<ServiceStatusRecord | null> {
    const rows = await query<ServiceStatusRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${COLUMNS} FROM ${Prisma.raw(SERVICE_STATUS_COLLECTION.table)} t WHERE t.id = ${id}::uuid`,
      'service-status',
    );
    return rows[0] ?? null;
  }
}
