import { Pool, PoolClient, QueryResultRow } from 'pg';
import { Prisma } from './generated/prisma/client';
import type { Queryable, Transaction } from './transaction';

/** What a statement runs on inside libs/persistence: a Queryable, or the pool or a client itself. */
type Connection = Queryable | Pool | PoolClient;

/** The pg pool or client behind a Queryable (they are one at run time; the types keep pg out of the domain). */
function pgOf(db: Connection): Pool | PoolClient {
  return db as Pool | PoolClient;
}

/** The client a transaction runs on (its cursors, temporary tables, COPY). */
export function clientOf(tx: Transaction): PoolClient {
  return tx as unknown as PoolClient;
}

/** Runs a statement composed with Prisma.sql (safe parameters) on the pg pool or a transaction's client. */
export async function query<R extends QueryResultRow>(
  db: Connection,
  statement: Prisma.Sql,
  name?: string,
): Promise<R[]> {
  const text = statement.text;
  const result = await pgOf(db).query<R>({ name, text, values: statement.values as unknown[] });
  return result.rows;
}

/** One transaction on one pooled connection: committed when `work` resolves, rolled back when it throws. */
export async function withTransaction<T>(pool: Pool, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A checked-out client has no error listener of the pool's: a connection dying mid-transaction would
  // otherwise be an unhandled 'error' event. The failing query rejects as well; the client is discarded.
  let broken: Error | undefined;
  const onError = (error: Error) => (broken = error);
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await work(client as unknown as Transaction);
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

/** PostgreSQL error classes and codes that mean the server cannot serve us now (not a bad statement). */
const UNAVAILABLE_CODES = new Set([
  ...['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND'],
  // admin/crash shutdown, cannot connect now; query_canceled (statement_timeout); idle-in-transaction timeout
  ...['57P01', '57P02', '57P03', '57014', '25P03'],
  // Prisma: cannot reach, timed out, operations timed out, connection closed, pool timeout
  ...['P1001', 'P1002', 'P1008', 'P1017', 'P2024'],
]);
/** Classes: 08 connection exception, 53 insufficient resources (too many connections, out of memory). */
const UNAVAILABLE_CLASSES = ['08', '53'];
/** Prisma's driver-adapter error kinds for the same. */
const UNAVAILABLE_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'TooManyConnections',
  'SocketTimeout',
]);
/** node-postgres says these without a code. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|is not queryable|Connection ended/i;

/**
 * Errors that mean "the database cannot be reached right now" — refused, dropped, stalled, out of
 * connections — as opposed to a bad statement: however deep the driver or Prisma wrapped the cause.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, kind, originalCode, message, cause, meta } = error as Record<string, unknown>;
  for (const value of [code, originalCode]) {
    if (typeof value !== 'string') continue;
    if (UNAVAILABLE_CODES.has(value) || UNAVAILABLE_CLASSES.includes(value.slice(0, 2))) return true;
  }
  if (typeof kind === 'string' && UNAVAILABLE_KINDS.has(kind)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  const adapterError = (meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError;
  return isDatabaseUnavailable(cause, depth + 1) || isDatabaseUnavailable(adapterError, depth + 1);
}
