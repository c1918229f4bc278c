import { PoolConfig } from '@zonewarden/config';
import { migrateDatabase } from './migrations/migrate';
import { PoolsRepository } from './pools/pools.repository';
import { PrismaService } from './prisma.service';

/** What every app does before it serves: apply pending migrations, then load the pools configuration. */
export async function prepareDatabase(databaseUrl: string, pools: PoolConfig[]): Promise<void> {
  await migrateDatabase(databaseUrl);
  const prisma = new PrismaService({ url: databaseUrl, poolSize: 1 });
  try {
    await new PoolsRepository(prisma).sync(pools);
  } finally {
    await prisma.close();
  }
}
