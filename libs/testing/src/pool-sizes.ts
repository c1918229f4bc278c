/**
 * DATABASE_POOL_SIZE for the apps e2e tests start. A test file runs beside another project's on the
 * machine's PostgreSQL (max_connections 100 by default), so each app gets a small budget; 4 covers the
 * largest split of one (pool-manager: the outbox listener, a zone lock, queries).
 */
export const APP_POOL_SIZE = '4';

/** The smallest budget of the one-process mode, whose four apps share it (all-in-one's shareConnections). */
export const ALL_IN_ONE_POOL_SIZE = '8';
