import * as fs from 'node:fs';
import * as path from 'node:path';
import { operatorServices } from '@zonewarden/domain';
import { PrismaService } from '@zonewarden/persistence';

const TOKEN_FILE = 'dev-admin-token';
export const DEV_PROJECT = 'dev-project';

/**
 * A development admin token for the all-in-one mode, kept in the data directory so that it stays the
 * same across restarts; issued again when the database no longer knows it (a new DATABASE_URL, say).
 */
export async function devAdminToken(dataDir: string, databaseUrl: string): Promise<string> {
  const file = path.join(dataDir, TOKEN_FILE);
  const prisma = new PrismaService({ url: databaseUrl, poolSize: 1 });
  try {
    const { tokens } = operatorServices(prisma);
    const saved = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
    if (saved && (await tokens.findIdentity(saved))) return saved;
    const { token } = await tokens.issue(
      { projectId: DEV_PROJECT, userId: 'dev-admin', roles: ['admin'] },
      'development admin token of the all-in-one mode',
    );
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
    return token;
  } finally {
    await prisma.close();
  }
}
