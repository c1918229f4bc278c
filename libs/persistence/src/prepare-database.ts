import { PoolConfig } from '@zonewarden/config';
import { migrateIfPending } from './migrations/pending';
import { PoolsRepository } from './pools/pools.repository';
import { PrismaService } from './prisma.service';

/** What every app does before it serves: apply pending migrations (in a child process), then load the pools configuration. */
export async function prepareDatabase(databaseUrl: string, pools: PoolConfig[]): Promise<void> {
  await migrateIfPending(databaseUrl);
  const prisma = new PrismaService({ url: databaseUrl, poolSize: 1 });
  try {
    await new PoolsRepository(prisma).sync(pools);
  } finally {
    await prisma.close();
  }
}
