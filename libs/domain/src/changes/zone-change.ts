import { RecordCountDelta, ZoneChanges } from '@zonewarden/persistence';

/**
 * What made a change: the API (or its legacy interface), an import, a zone transfer between projects,
 * DNSSEC (through the API or its maintenance), a SECONDARY zone's transfer from its masters, a batch, a
 * revert, a dynamic update (RFC 2136), a move to another pool (its NS records follow the pool's).
 */
export type ChangeSource =
  | 'api'
  | 'legacy'
  | 'import'
  | 'transfer'
  | 'dnssec'
  | 'secondary'
  | 'batch'
  | 'revert'
  | 'update'
  | 'pool_move';

/** Who made a change: a caller of the API, a TSIG key (DNS), or one of the service's own processes. */
export type Actor =
  | { kind: 'user'; userId: string | null; projectId: string | null; roles: string[]; requestId?: string }
  | { kind: 'tsig'; keyName: string }
  | { kind: 'system'; process: string };

/** A record set as one side of a change has it. */
export interface RRsetState {
  ttl: number | null;
  records: string[];
}

/** A record set a change touched: `before` null when it was created, `after` null when it was deleted. */
export interface RRsetChange {
  name: string;
  type: string;
  before: RRsetState | null;
  after: RRsetState | null;
}

/** One change of a zone, as it goes through ZoneChangeWriter. */
export interface ZoneChange {
  source: ChangeSource;
  actor: Actor;
  /** The zone's own fields it changes (a PATCH). */
  fields?: ZoneChanges;
  /** How it moves the zone's counted record sets and records (the quotas' counts). */
  counted?: RecordCountDelta;
  /** The record sets it touched, in name and type order; none for a change of the zone's fields only. */
  rrsets: RRsetChange[];
  /** Why, in the words of whoever made it (a batch's comment, a revert's reference). */
  comment?: string | null;
}
