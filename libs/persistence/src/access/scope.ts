import { Prisma } from '../generated/prisma/client';

/** Which project's rows a caller sees: one project, or every project (admins asking for all). */
export interface Scope {
  projectId: string | null;
}

/**
 * The scope of a caller acting for no project (a system-scoped token): it matches no row, as no project id
 * is empty (the gateway never takes an empty one: it falls back to the token's own project).
 */
export const NO_PROJECT_SCOPE: Scope = Object.freeze({ projectId: '' });

/**
 * The one condition that limits the rows of `t` to what the scope sees: every query of a caller's rows
 * carries it. Its text is the same whatever the scope, so statements prepared by name can hold it.
 */
export function inScope(scope: Scope): Prisma.Sql {
  return Prisma.sql`(${scope.projectId}::text IS NULL OR t.project_id = ${scope.projectId})`;
}

/**
 * `inScope`, widened to the zones shared with the scope's project: `zoneId` is the column of `t` that holds
 * the zone's id. What a project may do with a zone shared with it, beyond seeing it, is the domain's decision.
 */
export function inScopeOrShared(scope: Scope, zoneId: 't.id'): Prisma.Sql {
  return Prisma.sql`(${inScope(scope)} OR EXISTS (SELECT 1 FROM zone_shares s
    WHERE s.zone_id = ${Prisma.raw(zoneId)} AND s.target_project_id = ${scope.projectId}))`;
}

/**
 * A record set `t` is seen by whoever sees its zone (owned or shared): its own project is its creator's,
 * which may be a project the zone is shared with, so it cannot decide what the zone's owner sees.
 */
export function recordSetInScopeOrShared(scope: Scope): Prisma.Sql {
  // Uncorrelated: the subquery's `t` is the zone, the outer one the record set.
  return Prisma.sql`t.zone_id IN (SELECT t.id FROM zones t WHERE ${inScopeOrShared(scope, 't.id')})`;
}
