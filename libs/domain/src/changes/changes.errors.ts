import { DomainError } from '../domain-error';
import { RRsetState } from './zone-change';

/** The codes of the history's rules (see DomainErrorCode). */
export type ChangeErrorCode = 'zone_change_not_found' | 'change_conflict';

export const changeNotFound = () => new DomainError('zone_change_not_found', 'Could not find the change');

/** A record set a revert would undo, which changed since: what the change left, and what there is now. */
export interface RevertConflict {
  name: string;
  type: string;
  expected: RRsetState | null;
  current: RRsetState | null;
}

export const revertConflict = (conflicts: RevertConflict[]) =>
  new DomainError(
    'change_conflict',
    `The change cannot be reverted: ${conflicts.length} of its record sets changed since (${conflicts
      .slice(0, 5)
      .map((c) => `${c.name} ${c.type}`)
      .join(', ')}${conflicts.length > 5 ? ', …' : ''})`,
    {
      errors: conflicts.map((c) => ({
        path: ['rrsets', c.name, c.type],
        message: `${c.name} ${c.type} changed since the change`,
        validator: 'conflict',
      })),
      conflicts,
    },
  );
