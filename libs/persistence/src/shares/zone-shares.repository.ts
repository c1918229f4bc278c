import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { ListQuery, Page, listPage } from '../collections/keyset';
import { PrismaService } from '../prisma.service';
import { isUniqueViolation, query } from '../sql';
import { Queryable } from '../transaction';
import { ZONE_SHARE_COLLECTION, ZoneShareRecord } from './zone-share.record';

const COLUMNS = Prisma.raw(`t.id, t.zone_id AS "zoneId", t.project_id AS "projectId",
  t.target_project_id AS "targetProjectId", t.created_at AT TIME ZONE 'UTC' AS "createdAt",
  t.updated_at AT TIME ZONE 'UTC' AS "updatedAt"`);

/** The shares of zones: reads and writes only; who may share, see and unshare is the domain's ZoneSharesService. */
@Injectable()
export class ZoneSharesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The new share, or null when the zone is already shared with that project. */
  async insert(tx: Queryable, share: Omit<ZoneShareRecord, 'id' | 'createdAt' | 'updatedAt'>) {
    try {
      const [row] = await query<ZoneShareRecord>(
        tx,
        Prisma.sql`INSERT INTO zone_shares AS t (id, zone_id, project_id, target_project_id)
          VALUES (${randomUUID()}::uuid, ${share.zoneId}::uuid, ${share.projectId}, ${share.targetProjectId})
          RETURNING ${COLUMNS}`,
        'zone-share-insert',
      );
      return row;
    } catch (error) {
      if (isUniqueViolation(error, 'zone_shares_zone_id_target_project_id_key')) return null;
      throw error;
    }
  }

  async find(zoneId: string, id: string): Promise<ZoneShareRecord | null> {
    const [row] = await query<ZoneShareRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${COLUMNS} FROM zone_shares t WHERE t.id = ${id}::uuid AND t.zone_id = ${zoneId}::uuid`,
      'zone-share-find',
    );
    return row ?? null;
  }

  /** The zone's shares; null when the marker is not in the collection. */
  list(zoneId: string, listQuery: ListQuery): Promise<Page<ZoneShareRecord> | null> {
    return listPage<ZoneShareRecord>(
      this.prisma.pg,
      ZONE_SHARE_COLLECTION,
      COLUMNS,
      [Prisma.sql`t.zone_id = ${zoneId}::uuid`],
      listQuery,
    );
  }

  /** The project the deleted share was with; null when the share was not there. */
  async delete(tx: Queryable, zoneId: string, id: string): Promise<string | null> {
    const [deleted] = await query<{ targetProjectId: string }>(
      tx,
      Prisma.sql`DELETE FROM zone_shares t WHERE t.id = ${id}::uuid AND t.zone_id = ${zoneId}::uuid
        RETURNING t.target_project_id AS "targetProjectId"`,
    );
    return deleted?.targetProjectId ?? null;
  }

  async deleteAllOf(tx: Queryable, zoneId: string): Promise<void> {
    await query(tx, Prisma.sql`DELETE FROM zone_shares WHERE zone_id = ${zoneId}::uuid`);
  }
}
