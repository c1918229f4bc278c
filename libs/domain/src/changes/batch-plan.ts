import { DomainError } from '../domain-error';
import { excerpt } from '../quote';
import {
  canonicalRecords,
  checkPlacement,
  checkSiblings,
  recordSetName,
  recordSetType,
} from '../recordsets/recordset-rules';
import { belongsInChildZone } from '../recordsets/recordsets.errors';
import { byNameAndType, rrsetKey, sameState } from './rrset-states';
import { RRsetChange, RRsetState } from './zone-change';

/** Route 53's three actions: CREATE what is absent, DELETE what is present, UPSERT either way. */
export const BATCH_ACTIONS = ['CREATE', 'UPSERT', 'DELETE'] as const;
export type BatchAction = (typeof BATCH_ACTIONS)[number];

export const MAX_BATCH_ACTIONS = 1000;

export interface BatchActionInput {
  action: BatchAction;
  name: string;
  type: string;
  ttl?: number | null;
  records?: string[];
}

/** A record set as it stands in the zone, with what decides who may change it. */
export interface CurrentRRset extends RRsetState {
  name: string;
  type: string;
  managed: boolean;
  projectId: string;
}

export interface BatchContext {
  /** The zone's canonical name. */
  zoneName: string;
  /** Every live record set at the names the batch touches (CNAME stands alone: its neighbours count). */
  current: CurrentRRset[];
  /** The live child zone a name belongs in, if any. */
  childZoneOf(name: string): string | undefined;
  /** Whether the caller may change this record set (a project the zone is shared with: its own only). */
  mayChange(rrset: CurrentRRset): boolean;
}

/** One failing action of a batch, as the API lists it: where, why, and the rule's error type (`code`). */
export interface BatchFailure {
  path: (string | number)[];
  index: number;
  code: string;
  message: string;
  validator: 'rules';
}

/** The batch refused as a whole: every failing action, by its index in `changes`. */
export const batchRefused = (failures: BatchFailure[], total: number) =>
  new DomainError(
    'invalid_object',
    `The batch was not applied: ${failures.length} of its ${total} actions cannot be carried out (${failures
      .slice(0, 5)
      .map((failure) => `changes[${failure.index}]: ${failure.message}`)
      .join('; ')}${failures.length > 5 ? '; …' : ''})`,
    { errors: failures },
  );

const failure = (code: string, message: string) => new DomainError(code as DomainError['code'], message);

/**
 * What a batch does to the zone, judged as a whole before anything is written: the actions apply in order
 * to the record sets at their names (so a DELETE then a CREATE of one record set replaces it), each with the
 * API's record set rules; then CNAME's exclusivity is judged on the result. Every failing action is
 * reported (batchRefused); otherwise the record sets whose content changes, each with its before and after.
 */
export function planBatch(actions: BatchActionInput[], context: BatchContext): RRsetChange[] {
  const current = new Map(context.current.map((rrset) => [rrsetKey(rrset.name, rrset.type), rrset]));
  const state = new Map<string, RRsetState & { name: string; type: string }>(current);
  const failures: BatchFailure[] = [];
  const lastTouch = new Map<string, number>();
  actions.forEach((input, index) => {
    try {
      const { key, name, type, content } = applyAction(input, state, current, context);
      lastTouch.set(name, index);
      if (content) state.set(key, { name, type, ...content });
      else state.delete(key);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      failures.push(describe(index, input, error));
    }
  });
  for (const [name, index] of lastTouch) {
    const types = [...state.values()].filter((rrset) => rrset.name === name).map((rrset) => rrset.type);
    try {
      if (types.includes('CNAME'))
        checkSiblings(
          name,
          'CNAME',
          types.filter((type) => type !== 'CNAME'),
        );
    } catch (error) {
      failures.push(describe(index, actions[index], error as DomainError));
    }
  }
  if (failures.length) throw batchRefused(failures, actions.length);
  return [...new Set([...current.keys(), ...state.keys()])]
    .filter((key) => lastTouch.has((current.get(key) ?? state.get(key))!.name))
    .map((key) => {
      const { name, type } = (current.get(key) ?? state.get(key))!;
      return { name, type, before: contentOf(current.get(key)), after: contentOf(state.get(key)) };
    })
    .filter((change) => !sameState(change.before, change.after))
    .sort(byNameAndType);
}

function applyAction(
  input: BatchActionInput,
  state: Map<string, RRsetState>,
  current: Map<string, CurrentRRset>,
  context: BatchContext,
): { key: string; name: string; type: string; content: RRsetState | null } {
  const name = recordSetName(input.name);
  const type = recordSetType(input.type);
  if (type === 'SOA') throw failure('bad_request', 'The SOA record set is the service’s own');
  if (type === 'NS' && name === context.zoneName)
    throw failure('bad_request', 'The zone’s own NS record set is the service’s own');
  checkPlacement({ name: context.zoneName }, name, type);
  const child = context.childZoneOf(name);
  if (child) throw belongsInChildZone(child);
  const key = rrsetKey(name, type);
  const existing = current.get(key);
  if (existing && existing.managed) throw failure('bad_request', 'Managed records may not be changed');
  if (existing && !context.mayChange(existing))
    throw failure('forbidden', 'You are not authorized to change this record set');
  const present = state.get(key);
  switch (input.action) {
    case 'CREATE':
      if (present) throw failure('duplicate_recordset', 'The record set exists already (CREATE)');
      return { key, name, type, content: contentFrom(type, input) };
    case 'UPSERT':
      return { key, name, type, content: contentFrom(type, input) };
    case 'DELETE':
      if (!present) throw failure('recordset_not_found', 'The record set does not exist (DELETE)');
      checkDeletedAsStated(type, input, present);
      return { key, name, type, content: null };
  }
}

/** A CREATE's or UPSERT's record set: at least one record, each valid for its type. */
function contentFrom(type: string, input: BatchActionInput): RRsetState {
  if (!input.records?.length) throw failure('invalid_object', 'A record set needs at least one record');
  return { ttl: input.ttl ?? null, records: canonicalRecords(type, input.records).sort() };
}

/** As Route 53: a DELETE that names records (or a TTL) must name those the record set has. */
function checkDeletedAsStated(type: string, input: BatchActionInput, present: RRsetState): void {
  if (input.records !== undefined) {
    const stated = canonicalRecords(type, input.records).sort();
    if (!sameState({ ttl: null, records: stated }, { ttl: null, records: present.records }))
      throw failure('bad_request', 'The records to DELETE are not those of the record set');
  }
  if (input.ttl !== undefined && input.ttl !== present.ttl)
    throw failure('bad_request', 'The TTL to DELETE is not that of the record set');
}

const contentOf = (rrset: RRsetState | undefined): RRsetState | null =>
  rrset ? { ttl: rrset.ttl, records: [...rrset.records].sort() } : null;

function describe(index: number, input: BatchActionInput, error: DomainError): BatchFailure {
  const what = `${String(input.action)} ${excerpt(String(input.name))} ${excerpt(String(input.type))}`;
  return {
    path: ['changes', index],
    index,
    code: error.code,
    message: `${what}: ${error.message}`,
    validator: 'rules',
  };
}
