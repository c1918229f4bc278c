import { DomainError } from '../domain-error';
import { BatchActionInput, BatchContext, CurrentRRset, planBatch } from './batch-plan';

const ZONE = 'example.com.';
const rrset = (name: string, type: string, records: string[], extra: Partial<CurrentRRset> = {}) => ({
  name,
  type,
  ttl: null,
  records,
  managed: false,
  projectId: 'owner',
  ...extra,
});
const context = (current: CurrentRRset[], more: Partial<BatchContext> = {}): BatchContext => ({
  zoneName: ZONE,
  current,
  childZoneOf: () => undefined,
  mayChange: () => true,
  ...more,
});

/** The refusal's failures, by index. */
function failuresOf(actions: BatchActionInput[], ctx: BatchContext) {
  try {
    planBatch(actions, ctx);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('invalid_object');
    return ((error as DomainError).details as { errors: { index: number; code: string }[] }).errors.map(
      ({ index, code }) => [index, code],
    );
  }
  throw new Error('the batch was not refused');
}

describe('planBatch', () => {
  it('creates, upserts and deletes, with each record set before and after, in name and type order', () => {
    const current = [
      rrset('www.example.com.', 'A', ['192.0.2.1']),
      rrset('old.example.com.', 'TXT', ['"x"']),
    ];
    const changes = planBatch(
      [
        { action: 'CREATE', name: 'new.example.com.', type: 'AAAA', ttl: 60, records: ['2001:db8::1'] },
        { action: 'UPSERT', name: 'WWW.example.com.', type: 'a', records: ['192.0.2.2', '192.0.2.1'] },
        { action: 'DELETE', name: 'old.example.com.', type: 'TXT' },
      ],
      context(current),
    );
    expect(changes).toEqual([
      { name: 'new.example.com.', type: 'AAAA', before: null, after: { ttl: 60, records: ['2001:db8::1'] } },
      { name: 'old.example.com.', type: 'TXT', before: { ttl: null, records: ['"x"'] }, after: null },
      {
        name: 'www.example.com.',
        type: 'A',
        before: { ttl: null, records: ['192.0.2.1'] },
        after: { ttl: null, records: ['192.0.2.1', '192.0.2.2'] },
      },
    ]);
  });

  it("has Route 53's semantics: CREATE of what exists and DELETE of what does not fail; UPSERT is idempotent", () => {
    const current = [rrset('www.example.com.', 'A', ['192.0.2.1'])];
    expect(
      failuresOf(
        [
          { action: 'CREATE', name: 'www.example.com.', type: 'A', records: ['192.0.2.9'] },
          { action: 'DELETE', name: 'none.example.com.', type: 'A' },
          { action: 'DELETE', name: 'www.example.com.', type: 'A', records: ['192.0.2.7'] },
        ],
        context(current),
      ),
    ).toEqual([
      [0, 'duplicate_recordset'],
      [1, 'recordset_not_found'],
      [2, 'bad_request'],
    ]);
    const same = { action: 'UPSERT', name: 'www.example.com.', type: 'A', records: ['192.0.2.1'] } as const;
    expect(planBatch([same, same], context(current))).toEqual([]);
  });

  it('applies the actions in order: a DELETE then a CREATE replaces the record set', () => {
    const changes = planBatch(
      [
        { action: 'DELETE', name: 'www.example.com.', type: 'A', records: ['192.0.2.1'] },
        { action: 'CREATE', name: 'www.example.com.', type: 'A', ttl: 30, records: ['192.0.2.3'] },
      ],
      context([rrset('www.example.com.', 'A', ['192.0.2.1'])]),
    );
    expect(changes.map((c) => [c.before?.records, c.after])).toEqual([
      [['192.0.2.1'], { ttl: 30, records: ['192.0.2.3'] }],
    ]);
  });

  it("judges CNAME's exclusivity on the result, and every record set rule per action", () => {
    expect(
      failuresOf(
        [
          { action: 'CREATE', name: 'alias.example.com.', type: 'CNAME', records: ['www.example.com.'] },
          { action: 'CREATE', name: 'www.example.org.', type: 'A', records: ['192.0.2.1'] },
          { action: 'CREATE', name: 'bad.example.com.', type: 'A', records: ['not an address'] },
          { action: 'UPSERT', name: 'example.com.', type: 'SOA', records: ['x'] },
          { action: 'CREATE', name: 'sub.child.example.com.', type: 'A', records: ['192.0.2.1'] },
        ],
        context([rrset('alias.example.com.', 'TXT', ['"x"'])], {
          childZoneOf: (name) => (name.endsWith('child.example.com.') ? 'child.example.com.' : undefined),
        }),
      ),
    ).toEqual([
      [1, 'invalid_recordset_location'],
      [2, 'invalid_object'],
      [3, 'bad_request'],
      [4, 'invalid_recordset_location'],
      [0, 'invalid_recordset_location'],
    ]);
  });

  it("refuses managed record sets and, to a project the zone is shared with, the others' record sets", () => {
    const current = [
      rrset('example.com.', 'NS', ['ns1.zonewarden.test.'], { managed: true }),
      rrset('theirs.example.com.', 'A', ['192.0.2.1'], { projectId: 'owner' }),
      rrset('mine.example.com.', 'A', ['192.0.2.1'], { projectId: 'shared' }),
    ];
    const asShared = context(current, { mayChange: (set) => set.projectId === 'shared' });
    expect(
      failuresOf(
        [
          { action: 'DELETE', name: 'example.com.', type: 'NS' },
          { action: 'DELETE', name: 'theirs.example.com.', type: 'A' },
          { action: 'DELETE', name: 'mine.example.com.', type: 'A' },
        ],
        asShared,
      ),
    ).toEqual([
      [0, 'bad_request'],
      [1, 'forbidden'],
    ]);
  });
});
