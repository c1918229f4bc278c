import { forbidden } from '@zonewarden/contracts';
import { AuthContext } from './auth-context';

/**
 * Designate's default policies, reduced to what they mean: `read` needs any of admin/member/reader,
 * `write` needs admin or member (readers never write, unlike Designate's legacy defaults), `admin`
 * needs admin. Project ownership is enforced by scoping every query, so another project's
 * resource is a 404, never a 403.
 */
export type PolicyRule = 'read' | 'write' | 'admin';

const ALLOWED_ROLES: Record<PolicyRule, string[]> = {
  read: ['admin', 'member', 'reader'],
  write: ['admin', 'member'],
  admin: ['admin'],
};

export function authorize(auth: AuthContext, rule: PolicyRule): void {
  if (!auth.roles.some((role) => ALLOWED_ROLES[rule].includes(role))) throw forbidden();
}
