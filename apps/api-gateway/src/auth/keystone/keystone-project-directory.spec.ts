import { KeystoneClient, KeystoneUnavailable } from './keystone-client';
import { KeystoneProjectDirectory } from './keystone-project-directory';

/** What Keystone's answers mean for a quota change, as in Designate's `verify_project_id`. */
describe('KeystoneProjectDirectory', () => {
  const directory = (projectStatus: () => Promise<number>) =>
    new KeystoneProjectDirectory({ projectStatus } as unknown as KeystoneClient);

  it('knows a project is absent only from Keystone’s 404', async () => {
    expect(await directory(() => Promise.resolve(404)).isKnownAbsent('p')).toBe(true);
    expect(await directory(() => Promise.resolve(200)).isKnownAbsent('p')).toBe(false);
  });

  it('lets the change through when Keystone refuses to tell (403) or does not answer', async () => {
    expect(await directory(() => Promise.resolve(403)).isKnownAbsent('p')).toBe(false);
    const unavailable = () => Promise.reject(new KeystoneUnavailable('Keystone unreachable'));
    expect(await directory(unavailable).isKnownAbsent('p')).toBe(false);
  });
});
