import { PrismaService, TokensRepository } from '@zonewarden/persistence';
import { TestDatabase, createTestDatabase } from '@zonewarden/testing';
import { tokenCreate } from './token-create';

describe('token create', () => {
  let db: TestDatabase;
  let prisma: PrismaService;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 1 });
  });
  afterAll(async () => {
    await prisma.close();
    await db.drop();
  });

  it('prints a token that resolves to the project and roles, and stores only its hash', async () => {
    const token = await tokenCreate(['--project', 'p1', '--roles', 'member,reader'], prisma);
    expect(token).toMatch(/^zw_[A-Za-z0-9_-]{43}$/);
    expect(await new TokensRepository(prisma).findIdentity(token)).toEqual({
      projectId: 'p1',
      userId: 'p1-cli',
      roles: ['member', 'reader'],
    });
    const stored = await prisma.apiToken.findMany();
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('refuses unknown roles and missing options', async () => {
    await expect(tokenCreate(['--project', 'p1', '--roles', 'root'], prisma)).rejects.toThrow(/unknown role/);
    await expect(tokenCreate(['--roles', 'member'], prisma)).rejects.toThrow(/usage/);
    await expect(tokenCreate(['--project', 'p', '--roles', 'admin', '--bogus'], prisma)).rejects.toThrow();
  });

  it('expires tokens', async () => {
    const token = await tokenCreate(
      ['--project', 'p2', '--roles', 'admin', '--expires-in-days', '1'],
      prisma,
    );
    await prisma.apiToken.updateMany({
      where: { projectId: 'p2' },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await new TokensRepository(prisma).findIdentity(token)).toBeNull();
  });
});
