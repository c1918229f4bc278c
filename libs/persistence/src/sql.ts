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
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** PostgreSQL's unique_violation, optionally on one constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
}
