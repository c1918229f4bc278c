import { DomainError } from '../domain-error';
import { ProjectDirectory, UncheckedProjectDirectory } from './project-directory';

describe('ProjectDirectory', () => {
  class Directory extends ProjectDirectory {
    isKnownAbsent(projectId: string) {
      return Promise.resolve(projectId === 'gone');
    }
  }

  const admin = { isAdmin: true };

  it("refuses a project the directory knows is absent with Designate's invalid_project", async () => {
    await expect(new Directory().checkExists(admin, 'gone')).rejects.toEqual(
      new DomainError('invalid_project', 'gone is not a valid project ID.'),
    );
    await expect(new Directory().checkExists(admin, 'there')).resolves.toBeUndefined();
  });

  it('tells only an admin, as Keystone answers a non-admin caller 403', async () => {
    await expect(new Directory().checkExists({ isAdmin: false }, 'gone')).resolves.toBeUndefined();
  });

  it('without an identity service, accepts any project', async () => {
    await expect(new UncheckedProjectDirectory().checkExists(admin, 'anything')).resolves.toBeUndefined();
  });
});
