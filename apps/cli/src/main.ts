import { PrismaService, migrateDatabase } from '@zonewarden/persistence';
import { DEAD_LETTERS_USAGE, deadLetters } from './commands/dead-letters';
import { poolsUpdate } from './commands/pools-update';
import { TOKEN_CREATE_USAGE, tokenCreate } from './commands/token-create';
import { chooseDatabase } from './database-target';

const USAGE = `usage: npm run zonewarden -- <command>
  ${TOKEN_CREATE_USAGE}
  pools update            load POOLS_FILE (or the default pool) into storage
  ${DEAD_LETTERS_USAGE}
Uses DATABASE_URL; without it, the database of the \`npm start\` running on ZONEWARDEN_DATA_DIR, else the
local PostgreSQL's zonewarden database when it exists (the CLI never creates one).`;

async function main(argv: string[]): Promise<string> {
  const [group, command, ...rest] = argv;
  // Dead letters live in RabbitMQ: no database needed.
  if (group === 'dead-letters') return deadLetters(argv.slice(1), process.env);
  const { url: databaseUrl, note } = await chooseDatabase(process.env);
  // On stderr: stdout is the token alone, for TOKEN=$(npm run -s zonewarden -- token create …).
  if (note) console.error(note);
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
