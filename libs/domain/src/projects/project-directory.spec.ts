import { DomainError } from '../domain-error';
import { ProjectDirectory, UncheckedProjectDirectory } from './project-directory';

describe('ProjectDirectory', () => {
  class Directory extends ProjectDirectory {
    isKnownAbsent(projectId: string) {
      return Promise.resolve(projectId === 'gone');
    }
  }

  it("refuses a project the directory knows is absent with Designate's invalid_project", async () => {
    await expect(new Directory().checkExists('gone')).rejects.toEqual(
      new DomainError('invalid_project', 'gone is not a valid project ID.'),
    );
    await expect(new Directory().checkExists('there')).resolves.toBeUndefined();
  });

  it('without an identity service, accepts any project', async () => {
    await expect(new UncheckedProjectDirectory().checkExists('anything')).resolves.toBeUndefined();
  });
});
