/** The local PostgreSQL of a development machine; the embedded default arrives with the quick-start work. */
export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/zonewarden';

export function databaseUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_URL || DEFAULT_DATABASE_URL;
}
