import { forbidden, missingProjectId } from './common.errors';
import { NO_PROJECT_SCOPE, Scope } from '@zonewarden/persistence';

/**
 * Who asks: the project acted for, its roles, and whether an admin asked to see every project. `projectId`
 * is null for a caller acting for no project (a Keystone token scoped to the system rather than a project):
 * it sees no project's resources unless it asks for all projects or acts for one (sudo), and cannot create any.
 */
export interface Caller {
  /** The user acting, when the credentials name one (changes record it as their actor). */
  userId?: string;
  projectId: string | null;
  roles: string[];
  isAdmin: boolean;
  allProjects: boolean;
}

/**
 * Designate's default policies, reduced to what they mean: `read` needs any of admin/member/reader,
 * `write` needs admin or member (readers never write, unlike Designate's legacy defaults), `admin`
 * needs admin. Project ownership is enforced by scoping every query (inScope), so another project's
 * resource is not found, never forbidden.
 */
export type PolicyRule = 'read' | 'write' | 'admin';

const ALLOWED_ROLES: Record<PolicyRule, string[]> = {
  read: ['admin', 'member', 'reader'],
  write: ['admin', 'member'],
  admin: ['admin'],
};

/** Whether the caller's roles satisfy the rule (for rules that change an outcome rather than refuse). */
export function may(caller: Pick<Caller, 'roles'>, rule: PolicyRule): boolean {
  return caller.roles.some((role) => ALLOWED_ROLES[rule].includes(role));
}

export function authorize(caller: Caller, rule: PolicyRule): void {
  if (!may(caller, rule)) throw forbidden();
}

/** The rows the caller sees: its project's, every project's for an admin asking for all, or none. */
export function scopeOf(caller: Caller): Scope {
  if (caller.allProjects) return { projectId: null };
  return caller.projectId === null ? NO_PROJECT_SCOPE : { projectId: caller.projectId };
}

/** The project a new resource of the caller belongs to; Designate's 401 `missing_project_id` without one. */
export function ownProject(caller: Pick<Caller, 'projectId'>): string {
  if (caller.projectId === null) throw missingProjectId();
  return caller.projectId;
}
