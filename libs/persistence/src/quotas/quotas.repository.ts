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

  async set(projectId: string, limits: Partial<Quotas>): Promise<void> {
    await this.prisma.$transaction(
      Object.entries(limits).map(([resource, hardLimit]) =>
        this.prisma.quota.upsert({
          where: { projectId_resource: { projectId, resource } },
          create: { projectId, resource, hardLimit: hardLimit! },
          update: { hardLimit: hardLimit!, updatedAt: new Date() },
        }),
      ),
    );
  }

  async reset(projectId: string): Promise<void> {
    await this.prisma.quota.deleteMany({ where: { projectId } });
  }
}
