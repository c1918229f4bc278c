import { NO_PROJECT_SCOPE } from '@zonewarden/persistence';
import { Caller, ownProject, scopeOf } from './caller';
import { DomainError } from './domain-error';

const caller = (projectId: string | null, allProjects = false): Caller => ({
  projectId,
  roles: ['admin'],
  isAdmin: true,
  allProjects,
});

describe('a caller acting for no project (a system-scoped token)', () => {
  it("sees no project's rows, unless it asks for all projects", () => {
    expect(scopeOf(caller(null))).toBe(NO_PROJECT_SCOPE);
    expect(scopeOf(caller(null, true))).toEqual({ projectId: null });
    expect(scopeOf(caller('p1'))).toEqual({ projectId: 'p1' });
  });

  it("creates nothing: Designate's missing_project_id", () => {
    expect(ownProject(caller('p1'))).toBe('p1');
    const refusal = (() => {
      try {
        ownProject(caller(null, true));
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).code).toBe('missing_project_id');
  });
});
