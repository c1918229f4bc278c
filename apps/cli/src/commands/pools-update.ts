import { defaultPools, loadPoolsFile } from '@zonewarden/config';
import { operatorServices } from '@zonewarden/domain';
import { PrismaService } from '@zonewarden/persistence';

/** `pools update`: loads POOLS_FILE (or the default pool) into storage; idempotent. */
export async function poolsUpdate(env: NodeJS.ProcessEnv, prisma: PrismaService): Promise<string> {
  const pools = env.POOLS_FILE
    ? loadPoolsFile(env.POOLS_FILE)
    : defaultPools({ host: env.MINIDNS_HOST || '127.0.0.1', port: Number(env.MINIDNS_PORT || 5354) });
  await operatorServices(prisma).poolsFile.sync(pools);
  return `pools in storage: ${pools.map((pool) => `${pool.name} (${pool.id})`).join(', ')}`;
}
