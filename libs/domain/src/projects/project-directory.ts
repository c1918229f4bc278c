import type { Caller } from '../caller';
import { DomainError } from '../domain-error';

/** The codes of the project checks (see DomainErrorCode). */
export type ProjectErrorCode = 'invalid_project';

export const invalidProject = (projectId: string) =>
  new DomainError('invalid_project', `${projectId} is not a valid project ID.`);

/**
 * The identity service's list of projects, asked before quotas are set for a project or a zone is shared
 * with one (Designate's `verify_project_id`). Best effort, as Designate's: only a project the directory
 * knows to be absent is refused; an answer it cannot give (no permission, unreachable) lets the change through.
 */
export abstract class ProjectDirectory {
  abstract isKnownAbsent(projectId: string): Promise<boolean>;

  /**
   * invalid_project when the directory knows the project does not exist. Designate asks Keystone with the
   * caller's token, which reads other projects only for an admin (Keystone's default policy; others get 403,
   * which lets the change through): so only an admin is told, and others learn nothing of other projects.
   */
  async checkExists(caller: Pick<Caller, 'isAdmin'>, projectId: string): Promise<void> {
    if (caller.isAdmin && (await this.isKnownAbsent(projectId))) throw invalidProject(projectId);
  }
}

/** Without an identity service (AUTH_STRATEGY noauth or token) any project ID may be given, as in Designate. */
export class UncheckedProjectDirectory extends ProjectDirectory {
  isKnownAbsent(): Promise<boolean> {
    return Promise.resolve(false);
  }
}
