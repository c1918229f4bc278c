import { Pool, PoolClient, QueryResultRow } from 'pg';
import { Prisma } from './generated/prisma/client';

export type Queryable = Pool | PoolClient;

/** Runs a statement composed with Prisma.sql (safe parameters) on the pg pool or a transaction's client. */
export async function query<R extends QueryResultRow>(
  db: Queryable,
  statement: Prisma.Sql,
  name?: string,
): Promise<R[]> {
  const result = await db.query<R>({ name, text: statement.text, values: statement.values as unknown[] });
  return result.rows;
}

/** One transaction on one pooled connection: committed when `work` resolves, rolled back when it throws. */
export async function withTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A checked-out client has no error listener of the pool's: a connection dying mid-transaction would
  // otherwise be an unhandled 'error' event. The failing query rejects as well; the client is discarded.
  let broken: Error | undefined;
  const onError = (error: Error) => (broken = error);
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => (broken ??= rollbackError));
    throw error;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}

/** PostgreSQL's unique_violation, optionally on one constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
}

/** Errors that mean "the database cannot be reached right now", as opposed to a bad statement. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  if (typeof code !== 'string') return false;
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '53300'].includes(code) ||
    code.startsWith('08')
  );
}
