import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { ListQuery, Page } from '../collections/keyset';
import { claimStaleTasks } from '../tasks/stale-tasks';
import { TaskRows } from '../tasks/task-rows';
import { PrismaService } from '../prisma.service';
import { query } from '../sql';
import { Transaction } from '../transaction';
import { Scope } from '../access/scope';
import { IMPORT_COLLECTION, ImportRecord } from './import.record';
import { discardZonefileChunks, storeZonefileChunks } from './zonefile-chunks';

const COLUMNS =
  Prisma.raw(`t.id, t.project_id AS "projectId", t.status::text AS status, t.message, t.zone_id AS "zoneId",
  t.version, t.created_at AT TIME ZONE 'UTC' AS "createdAt", t.updated_at AT TIME ZONE 'UTC' AS "updatedAt"`);

/** What a request for an import names: the import, its project, and the requester's blacklist override. */
export interface ImportRequest {
  id: string;
  projectId: string;
  mayUseBlacklisted: boolean;
}

/** Zone imports: the zonefile is stored in pieces with the request; zone-worker turns it into a zone. */
@Injectable()
export class ImportsRepository {
  private readonly rows: TaskRows<ImportRecord>;

  constructor(private readonly prisma: PrismaService) {
    this.rows = new TaskRows(prisma, 'zone_imports', COLUMNS, IMPORT_COLLECTION);
  }

  /**
   * Stores the zonefile of the import `importId` is about to be (its text in pieces of any size), piece
   * by piece, each in a statement of its own (storeZonefileChunks); then `insert` the import. Should the
   * import not follow, `discardZonefile` (or zone-worker's `discardAbandonedZonefiles`) removes it.
   */
  storeZonefile(importId: string, zonefile: AsyncIterable<string> | Iterable<string>): Promise<number> {
    return storeZonefileChunks(this.prisma.pg, importId, zonefile);
  }

  discardZonefile(importId: string): Promise<void> {
    return discardZonefileChunks(this.prisma.pg, importId);
  }

  /**
   * Removes the stored zonefiles of uploads older than `seconds` with no import (cut off before their
   * import was written, or the import deleted while pending); how many pieces went.
   */
  async discardAbandonedZonefiles(seconds: number): Promise<number> {
    const rows = await query(
      this.prisma.pg,
      Prisma.sql`DELETE FROM zone_import_chunks c
        WHERE c.created_at < now() AT TIME ZONE 'UTC' - make_interval(secs => ${seconds})
          AND NOT EXISTS (SELECT 1 FROM zone_imports i WHERE i.id = c.import_id) RETURNING 1`,
      'import-chunks-abandoned',
    );
    return rows.length;
  }

  /** In the caller's transaction: the pending import whose zonefile `storeZonefile` stored, under its id. */
  async insert(tx: Transaction, task: ImportRequest): Promise<ImportRecord> {
    const [row] = await query<ImportRecord>(
      tx,
      Prisma.sql`INSERT INTO zone_imports AS t (id, project_id, status, may_use_blacklisted)
        VALUES (${task.id}::uuid, ${task.projectId}, 'PENDING', ${task.mayUseBlacklisted})
        RETURNING ${COLUMNS}`,
      'import-created',
    );
    return row;
  }

  /** Claims the imports PENDING `seconds` since their request was last written (a lost message): claimStaleTasks. */
  claimStale(tx: Transaction, seconds: number, limit: number): Promise<ImportRequest[]> {
    return claimStaleTasks<ImportRequest>(
      tx,
      'zone_imports',
      'id, project_id AS "projectId", may_use_blacklisted AS "mayUseBlacklisted"',
      seconds,
      limit,
    );
  }

  find(scope: Scope, id: string): Promise<ImportRecord | null> {
    return this.rows.find(scope, id);
  }

  list(scope: Scope, listQuery: ListQuery): Promise<Page<ImportRecord> | null> {
    return this.rows.list(scope, listQuery);
  }

  /** Removes only the import record (and a pending one's zonefile), never the zone; whether the scope had it. */
  async delete(scope: Scope, id: string): Promise<boolean> {
    if (!(await this.rows.delete(scope, id))) return false;
    await discardZonefileChunks(this.prisma.pg, id);
    return true;
  }

  /**
   * Inside the zone's creating transaction: the import is COMPLETE with it. False when it was no longer
   * pending (handled meanwhile by a redelivery, or deleted).
   */
  async completeIn(tx: Transaction, id: string, zone: { id: string; writtenName: string }): Promise<boolean> {
    const rows = await query(
      tx,
      Prisma.sql`UPDATE zone_imports SET status = 'COMPLETE', zone_id = ${zone.id}::uuid, message = ${`${zone.writtenName} imported`},
          version = version + 1, updated_at = now()
        WHERE id = ${id}::uuid AND status = 'PENDING' RETURNING id`,
      'import-complete',
    );
    if (rows.length === 0) return false;
    await discardZonefileChunks(tx, id);
    return true;
  }

  async fail(id: string, message: string): Promise<void> {
    await query(
      this.prisma.pg,
      Prisma.sql`UPDATE zone_imports SET status = 'ERROR', message = ${message.slice(0, 1000)}, version = version + 1, updated_at = now()
        WHERE id = ${id}::uuid AND status = 'PENDING'`,
      'import-fail',
    );
    await discardZonefileChunks(this.prisma.pg, id);
  }
}
