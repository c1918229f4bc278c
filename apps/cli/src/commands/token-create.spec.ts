import { TokensRepository } from '@zonewarden/persistence';
import { storageForTests } from '@zonewarden/testing';
import { tokenCreate } from './token-create';

describe('token create', () => {
  const storage = storageForTests();

  it('prints a token that resolves to the project and roles, and stores only its hash', async () => {
    const token = await tokenCreate(['--project', 'p1', '--roles', 'member,reader'], storage.prisma);
    expect(token).toMatch(/^zw_[A-Za-z0-9_-]{43}$/);
    expect(await new TokensRepository(storage.prisma).findIdentity(token)).toEqual({
      projectId: 'p1',
      userId: 'p1-cli',
      roles: ['member', 'reader'],
    });
    const stored = await storage.prisma.apiToken.findMany();
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('refuses unknown roles and missing options', async () => {
    await expect(tokenCreate(['--project', 'p1', '--roles', 'root'], storage.prisma)).rejects.toThrow(
      /unknown role/,
    );
    await expect(tokenCreate(['--roles', 'member'], storage.prisma)).rejects.toThrow(/usage/);
    await expect(
      tokenCreate(['--project', 'p', '--roles', 'admin', '--bogus'], storage.prisma),
    ).rejects.toThrow();
  });

  it('expires tokens', async () => {
    const token = await tokenCreate(
      ['--project', 'p2', '--roles', 'admin', '--expires-in-days', '1'],
      storage.prisma,
    );
    await storage.prisma.apiToken.updateMany({
      where: { projectId: 'p2' },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await new TokensRepository(storage.prisma).findIdentity(token)).toBeNull();
  });
});
