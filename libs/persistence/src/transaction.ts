declare const TRANSACTION: unique symbol;
declare const AUTOCOMMIT: unique symbol;

/**
 * A transaction as the domain holds it (Storage.transaction): handed to repositories, opaque outside
 * libs/persistence, which alone reaches the connection behind it (sql.ts).
 */
export interface Transaction {
  readonly [TRANSACTION]: true;
}

/** Statements outside any transaction, each committed on its own (Storage.autocommit): reads, mostly. */
export interface Autocommit {
  readonly [AUTOCOMMIT]: true;
}

/** Where a repository's statement runs. */
export type Queryable = Transaction | Autocommit;
