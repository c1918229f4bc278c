import { PrismaService } from '@zonewarden/persistence';
import { teardown } from './teardown';
import { TestDatabase, createTestDatabase } from './test-database';

/**
 * For a describe block whose tests read and write storage themselves: a database of its own and a
 * PrismaService on it (`poolSize` connections), made before the tests and dropped after them.
 */
export function storageForTests(poolSize = 1): { readonly prisma: PrismaService } {
  // Jest's hooks exist only inside a test run, and the benchmarks load this package too.
  const { afterAll, beforeAll } = require('@jest/globals') as typeof import('@jest/globals');
  let db: TestDatabase | undefined;
  let prisma: PrismaService | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize });
  });
  afterAll(() =>
    teardown(
      () => prisma?.close(),
      () => db?.drop(),
    ),
  );
  return {
    get prisma() {
      if (!prisma) throw new Error('storageForTests: used outside the tests of its describe block');
      return prisma;
    },
  };
}
