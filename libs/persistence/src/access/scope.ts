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
