/** The local PostgreSQL of a development machine; the embedded default arrives with the quick-start work. */
export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/zonewarden';

export function databaseUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

/** How an app reaches its PostgreSQL (ServiceConfig's DATABASE_* variables). */
export interface DatabaseOptions {
  url: string;
  /** Every connection this process opens to the database: the query pool and the dedicated ones. */
  poolSize?: number;
  /** How the connections are named in pg_stat_activity. */
  applicationName?: string;
  /** Connecting gives up after this long. */
  connectTimeoutMs?: number;
  /** A statement running longer is cancelled by the server, or given up by the client when no answer comes. */
  queryTimeoutMs?: number;
  /** TSIG_KEY_ENCRYPTION_KEYS: TSIG secrets are encrypted at rest with these (`id=secret[,…]`). */
  tsigKeyEncryptionKeys?: string;
}
