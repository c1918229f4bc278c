import { PrismaService, databaseUrlFromEnv, migrateDatabase } from '@zonewarden/persistence';
import { poolsUpdate } from './commands/pools-update';
import { TOKEN_CREATE_USAGE, tokenCreate } from './commands/token-create';

const USAGE = `usage: npm run zonewarden -- <command>
  ${TOKEN_CREATE_USAGE}
  pools update            load POOLS_FILE (or the default pool) into storage
Uses DATABASE_URL (default: the local PostgreSQL).`;

async function main(argv: string[]): Promise<string> {
  const [group, command, ...rest] = argv;
  const databaseUrl = databaseUrlFromEnv();
  await migrateDatabase(databaseUrl);
  const prisma = new PrismaService({ url: databaseUrl, poolSize: 1 });
  try {
    if (group === 'token' && command === 'create') return await tokenCreate(rest, prisma);
    if (group === 'pools' && command === 'update') return await poolsUpdate(process.env, prisma);
    throw new Error(USAGE);
  } finally {
    await prisma.close();
  }
}

main(process.argv.slice(2))
  .then((output) => console.log(output))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  });
