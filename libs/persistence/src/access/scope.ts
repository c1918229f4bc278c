import { Prisma } from '../generated/prisma/client';

/** Which project's rows a caller sees: one project, or every project (admins asking for all). */
export interface Scope {
  projectId: string | null;
}

/**
 * The one condition that limits the rows of `t` to what the scope sees: every query of a caller's rows
 * carries it. Its text is the same whatever the scope, so statements prepared by name can hold it.
 */
export function inScope(scope: Scope): Prisma.Sql {
  return Prisma.sql`(${scope.projectId}::text IS NULL OR t.project_id = ${scope.projectId})`;
}

/**
 * `inScope`, widened to the zones shared with the scope's project: `zoneId` is the column of `t` that holds
 * the zone's id (`t.id` for zones, `t.zone_id` for record sets). What a project may do with a zone shared
 * with it, beyond seeing it, is the domain's decision.
 */
export function inScopeOrShared(scope: Scope, zoneId: 't.id' | 't.zone_id'): Prisma.Sql {
  return Prisma.sql`(${inScope(scope)} OR EXISTS (SELECT 1 FROM zone_shares s
    WHERE s.zone_id = ${Prisma.raw(zoneId)} AND s.target_project_id = ${scope.projectId}))`;
}
