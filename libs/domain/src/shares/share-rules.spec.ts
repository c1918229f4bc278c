import { RecordSetRecord } from '@zonewarden/persistence';
import { Caller } from '../caller';
import { checkMayChangeRecordSet, recordSetCreator, throughShare } from './share-rules';

const caller = (projectId: string, allProjects = false): Caller => ({
  projectId,
  roles: ['member'],
  isAdmin: allProjects,
  allProjects,
});
const zone = { projectId: 'owner' };
const createdBy = (projectId: string) => ({ projectId }) as RecordSetRecord;

describe('shared zone rules', () => {
  it('a caller reaches the zone through a share unless it owns it or acts for all projects', () => {
    expect(throughShare(caller('owner'), zone)).toBe(false);
    expect(throughShare(caller('admin', true), zone)).toBe(false);
    expect(throughShare(caller('target'), zone)).toBe(true);
  });

  it('a record set belongs to the shared-with project that creates it, else to the zone', () => {
    expect(recordSetCreator(caller('target'), zone)).toBe('target');
    expect(recordSetCreator(caller('owner'), zone)).toBe('owner');
    expect(recordSetCreator(caller('admin', true), zone)).toBe('owner');
  });

  it('the shared-with project changes only its own record sets, the owner and an admin every one', () => {
    expect(() => checkMayChangeRecordSet(caller('target'), zone, createdBy('target'))).not.toThrow();
    expect(() => checkMayChangeRecordSet(caller('target'), zone, createdBy('owner'))).toThrow(
      expect.objectContaining({ code: 'forbidden' }),
    );
    expect(() => checkMayChangeRecordSet(caller('owner'), zone, createdBy('target'))).not.toThrow();
    expect(() => checkMayChangeRecordSet(caller('admin', true), zone, createdBy('target'))).not.toThrow();
  });
});
