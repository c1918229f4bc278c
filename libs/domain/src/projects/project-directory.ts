import { DomainError } from '../domain-error';

/** The codes of the project checks (see DomainErrorCode). */
export type ProjectErrorCode = 'invalid_project';

export const invalidProject = (projectId: string) =>
  new DomainError('invalid_project', `${projectId} is not a valid project ID.`);

/**
 * The identity service's list of projects, asked before quotas are set for a project (Designate's
 * `verify_project_id`). Best effort, as Designate's: only a project the directory knows to be absent is
 * refused; an answer it cannot give (no permission, unreachable) lets the change through.
 */
export abstract class ProjectDirectory {
  abstract isKnownAbsent(projectId: string): Promise<boolean>;

  /** invalid_project when the directory knows the project does not exist. */
  async checkExists(projectId: string): Promise<void> {
    if (await this.isKnownAbsent(projectId)) throw invalidProject(projectId);
  }
}

/** Without an identity service (AUTH_STRATEGY noauth or token) any project ID may be given, as in Designate. */
export class UncheckedProjectDirectory extends ProjectDirectory {
  isKnownAbsent(): Promise<boolean> {
    return Promise.resolve(false);
  }
}
