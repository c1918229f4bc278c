import { INestApplication } from '@nestjs/common';
import { defaultPools } from '@zonewarden/config';
import { PoolsRepository, PrismaService } from '@zonewarden/persistence';
import { createTransport } from '@zonewarden/transport';
import { createGateway } from '../../src/app.factory';
import { loadGatewayConfig } from '../../src/config/gateway.config';
import { watchResponses } from './openapi-check';
import {
  TEST_AMQP_URL,
  TestDatabase,
  createTestDatabase,
  deleteNamespace,
  teardown,
  uniqueNamespace,
} from '@zonewarden/testing';

// The gateway suites import the shared noauth helper from here, beside the harness.
export { as } from '@zonewarden/testing';

export interface GatewayHarness {
  app: INestApplication;
  /** Base URL of the listening gateway, e.g. http://127.0.0.1:40123 */
  url: string;
  db: TestDatabase;
  namespace: string;
  prisma: PrismaService;
  close(): Promise<void>;
}

/**
 * A real gateway on a loopback port, with its own database (cloned from the migrated template)
 * and its own RabbitMQ namespace on the machine's broker.
 */
export async function startGateway(
  env: Record<string, string> = {},
  /** How the gateway reaches the test database (e.g. through a proxy); the harness itself connects directly. */
  gatewayDatabaseUrl: (url: string) => string = (url) => url,
  /** Another harness's database, shared (left to its owner to drop), instead of a new one. */
  shared?: TestDatabase,
): Promise<GatewayHarness> {
  const db = shared ?? (await createTestDatabase());
  const namespace = env.AMQP_NAMESPACE ?? uniqueNamespace();
  const config = loadGatewayConfig({
    DATABASE_URL: gatewayDatabaseUrl(db.url),
    AMQP_URL: TEST_AMQP_URL,
    AMQP_NAMESPACE: namespace,
    AUTH_STRATEGY: 'noauth',
    DATABASE_POOL_SIZE: '4',
    ...env,
  });
  const prisma = new PrismaService({ url: db.url, poolSize: 2 });
  await new PoolsRepository(prisma).sync(defaultPools({ host: '127.0.0.1', port: 5354 }));
  const app = await createGateway(config, createTransport(config), ['error']);
  // Every answer is checked against openapi.json (a violation fails the test: openapi-check.setup.ts).
  watchResponses(app.getHttpServer());
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    db,
    namespace,
    prisma,
    close: () =>
      teardown(
        () => app.close(),
        () => prisma.close(),
        () => deleteNamespace(namespace).catch(() => undefined),
        () => !shared && db.drop(),
      ),
  };
}
