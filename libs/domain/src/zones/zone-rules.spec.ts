import { DomainError } from '../domain-error';
import { ZoneRecord } from '@zonewarden/persistence';
import { checkNameIsFree, checkNotDeleting } from './zone-rules';

const refusal = (check: () => void) => {
  try {
    check();
  } catch (error) {
    return [(error as DomainError).code, (error as DomainError).message];
  }
  return undefined;
};

describe('zone name rules', () => {
  const mine = { name: 'b.example.org.', projectId: 'p1' };
  const ancestors = ['example.org.', 'org.'];

  it('takes a live name for everyone', () => {
    expect(
      refusal(() => checkNameIsFree(mine, ancestors, [{ name: 'b.example.org.', projectId: 'p1' }])),
    ).toEqual(['duplicate_zone', 'Duplicate Zone']);
  });

  it("refuses a zone inside, or above, another project's zone, and allows both in one's own", () => {
    expect(
      refusal(() => checkNameIsFree(mine, ancestors, [{ name: 'example.org.', projectId: 'p2' }]))?.[0],
    ).toBe('illegal_child');
    expect(
      refusal(() => checkNameIsFree(mine, ancestors, [{ name: 'c.b.example.org.', projectId: 'p2' }]))?.[0],
    ).toBe('illegal_parent');
    const own = [
      { name: 'example.org.', projectId: 'p1' },
      { name: 'c.b.example.org.', projectId: 'p1' },
    ];
    expect(refusal(() => checkNameIsFree(mine, ancestors, own))).toBeUndefined();
  });

  it('changes no zone being deleted, naming the change', () => {
    const deleting = { action: 'DELETE' } as ZoneRecord;
    expect(refusal(() => checkNotDeleting(deleting))).toEqual([
      'bad_request',
      'Can not update a deleting zone',
    ]);
    expect(refusal(() => checkNotDeleting(deleting, 'transfer'))?.[1]).toBe(
      'Can not transfer a deleting zone',
    );
    expect(refusal(() => checkNotDeleting({ action: 'UPDATE' } as ZoneRecord))).toBeUndefined();
  });
});
