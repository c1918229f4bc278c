import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { ListQuery, Page } from '../collections/keyset';
import { claimStaleTasks } from '../tasks/stale-tasks';
import { TaskRows } from '../tasks/task-rows';
import { PrismaService } from '../prisma.service';
import { query } from '../sql';
import { Transaction } from '../transaction';
import { Scope } from '../access/scope';
import { EXPORT_COLLECTION, ExportRecord } from './export.record';

const COLUMNS =
  Prisma.raw(`t.id, t.project_id AS "projectId", t.zone_id AS "zoneId", t.status::text AS status, t.message,
  t.location, t.version, t.created_at AT TIME ZONE 'UTC' AS "createdAt", t.updated_at AT TIME ZONE 'UTC' AS "updatedAt"`);

/** What a request for an export names. */
export interface ExportTask {
  id: string;
  zoneId: string;
  projectId: string;
}

/** Zone exports: requested through the API, completed by zone-worker; the content is rendered when fetched. */
@Injectable()
export class ExportsRepository {
  private readonly rows: TaskRows<ExportRecord>;

  constructor(private readonly prisma: PrismaService) {
    this.rows = new TaskRows(prisma, 'zone_exports', COLUMNS, EXPORT_COLLECTION);
  }

  /** Records a pending export (of the locked zone), in the caller's transaction. */
  async insert(tx: Transaction, task: ExportTask): Promise<ExportRecord> {
    const [row] = await query<ExportRecord>(
      tx,
      Prisma.sql`INSERT INTO zone_exports AS t (id, project_id, zone_id, status) VALUES (${task.id}::uuid, ${task.projectId}, ${task.zoneId}::uuid, 'PENDING')
        RETURNING ${COLUMNS}`,
      'export-insert',
    );
    return row;
  }

  /** Claims the exports PENDING `seconds` since their request was last written (a lost message): claimStaleTasks. */
  claimStale(tx: Transaction, seconds: number, limit: number): Promise<ExportTask[]> {
    return claimStaleTasks<ExportTask>(
      tx,
      'zone_exports',
      'id, zone_id AS "zoneId", project_id AS "projectId"',
      seconds,
      limit,
    );
  }

  find(scope: Scope, id: string): Promise<ExportRecord | null> {
    return this.rows.find(scope, id);
  }

  list(scope: Scope, listQuery: ListQuery): Promise<Page<ExportRecord> | null> {
    return this.rows.list(scope, listQuery);
  }

  /** Whether the scope had such an export. */
  delete(scope: Scope, id: string): Promise<boolean> {
    return this.rows.delete(scope, id);
  }

  /**
   * Ends a pending export (once: a repeated request finds it no longer pending). Returns whether it
   * was pending.
   */
  async finish(
    id: string,
    outcome: { status: 'COMPLETE'; location: string } | { status: 'ERROR'; message: string },
  ): Promise<boolean> {
    const location = outcome.status === 'COMPLETE' ? outcome.location : null;
    const message = outcome.status === 'ERROR' ? outcome.message.slice(0, 160) : null;
    const rows = await query(
      this.prisma.pg,
      Prisma.sql`UPDATE zone_exports SET status = ${outcome.status}::"TaskStatus", location = ${location}, message = ${message},
          version = version + 1, updated_at = now()
        WHERE id = ${id}::uuid AND status = 'PENDING' RETURNING id`,
      'export-finish',
    );
    return rows.length > 0;
  }
}
