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
import { copyPendingImport } from './zonefile-copy';

const COLUMNS =
  Prisma.raw(`t.id, t.project_id AS "projectId", t.status::text AS status, t.message, t.zone_id AS "zoneId",
  t.version, t.created_at AT TIME ZONE 'UTC' AS "createdAt", t.updated_at AT TIME ZONE 'UTC' AS "updatedAt"`);

/** What a request for an import names: the import, its project, and the requester's blacklist override. */
export interface ImportRequest {
  id: string;
  projectId: string;
  mayUseBlacklisted: boolean;
}

/** Zone imports: the zonefile is stored with the request; zone-worker turns it into a zone. */
@Injectable()
export class ImportsRepository {
  private readonly rows: TaskRows<ImportRecord>;

  constructor(private readonly prisma: PrismaService) {
    this.rows = new TaskRows(prisma, 'zone_imports', COLUMNS, IMPORT_COLLECTION);
  }

  /**
   * In the caller's transaction: a pending import of `zonefile` (its text in pieces of any size, streamed
   * into storage), under the id the caller chose.
   */
  async insert(tx: Transaction, task: ImportRequest, zonefile: Iterable<string>): Promise<ImportRecord> {
    await copyPendingImport(tx, { ...task, zonefile });
    const [row] = await query<ImportRecord>(
      tx,
      Prisma.sql`SELECT ${COLUMNS} FROM zone_imports t WHERE t.id = ${task.id}::uuid`,
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

  /** Removes only the import record, never the zone; whether the scope had it. */
  delete(scope: Scope, id: string): Promise<boolean> {
    return this.rows.delete(scope, id);
  }

  /**
   * Inside the zone's creating transaction: the import is COMPLETE with it. False when it was no longer
   * pending (handled meanwhile by a redelivery, or deleted).
   */
  async completeIn(tx: Transaction, id: string, zone: { id: string; writtenName: string }): Promise<boolean> {
    const rows = await query(
      tx,
      Prisma.sql`UPDATE zone_imports SET status = 'COMPLETE', zone_id = ${zone.id}::uuid, message = ${`${zone.writtenName} imported`},
          content = NULL, version = version + 1, updated_at = now()
        WHERE id = ${id}::uuid AND status = 'PENDING' RETURNING id`,
      'import-complete',
    );
    return rows.length > 0;
  }

  async fail(id: string, message: string): Promise<void> {
    await query(
      this.prisma.pg,
      Prisma.sql`UPDATE zone_imports SET status = 'ERROR', message = ${message.slice(0, 1000)}, content = NULL, version = version + 1, updated_at = now()
        WHERE id = ${id}::uuid AND status = 'PENDING'`,
      'import-fail',
    );
  }
}
