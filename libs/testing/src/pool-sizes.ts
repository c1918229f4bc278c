import { TEST_AMQP_URL, uniqueNamespace } from './amqp-namespace';

/**
 * DATABASE_POOL_SIZE for the apps e2e tests start. A test file runs beside another project's on the
 * machine's PostgreSQL (max_connections 100 by default), so each app gets a small budget; 4 covers the
 * largest split of one (pool-manager: the outbox listener, a zone lock, queries).
 */
export const APP_POOL_SIZE = '4';

/** The smallest budget of the one-process mode, whose four apps share it (all-in-one's shareConnections). */
export const ALL_IN_ONE_POOL_SIZE = '8';

/**
 * What every app an e2e test starts on RabbitMQ shares: the test's database, a namespace of its own on the
 * test broker, and the small connection budget.
 */
export function appsEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    AMQP_URL: TEST_AMQP_URL,
    AMQP_NAMESPACE: uniqueNamespace(),
    DATABASE_POOL_SIZE: APP_POOL_SIZE,
  };
}
