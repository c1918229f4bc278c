import { Injectable } from '@nestjs/common';
import { Quotas } from '@zonewarden/config';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';
import { query } from '../sql';

@Injectable()
export class QuotasRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The limits set for the project (the operator's defaults apply to the others). */
  overrides(projectId: string): Promise<{ resource: string; hardLimit: number }[]> {
    return query<{ resource: string; hardLimit: number }>(
      this.prisma.pg,
      Prisma.sql`SELECT resource, hard_limit AS "hardLimit" FROM quotas WHERE project_id = ${projectId}`,
      'quotas-of-project',
    );
  }

  /** Sets each given limit, in one statement. */
  async set(projectId: string, limits: Partial<Quotas>): Promise<void> {
    const entries = Object.entries(limits).filter(([, limit]) => limit !== undefined);
    await query(
      this.prisma.pg,
      Prisma.sql`INSERT INTO quotas (project_id, resource, hard_limit)
        SELECT ${projectId}, resource, hard_limit
          FROM unnest(${entries.map(([resource]) => resource)}::text[], ${entries.map(([, limit]) => limit)}::int[])
            AS l(resource, hard_limit)
        ON CONFLICT (project_id, resource) DO UPDATE SET hard_limit = EXCLUDED.hard_limit, updated_at = now()`,
    );
  }

  async reset(projectId: string): Promise<void> {
    await query(this.prisma.pg, Prisma.sql`DELETE FROM quotas WHERE project_id = ${projectId}`);
  }
}
