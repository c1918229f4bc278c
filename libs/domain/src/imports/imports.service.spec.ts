import { TASK_EVENTS } from '@zonewarden/contracts';
import type { ImportsRepository } from '@zonewarden/persistence';
import type { DomainSettings } from '../domain-settings';
import type { QuotasService } from '../quotas/quotas.service';
import type { ZonesService } from '../zones/zones.service';
import type { ZoneChangeWriter } from '../changes/zone-change-writer';
import { MEMBER, TX, outboxStub, storageStub } from '../storage.fixtures';
import { ImportsService } from './imports.service';

describe(`${ImportsService.name}.create`, () => {
  const created = { id: 'import-1', status: 'PENDING' };
  let storage: ReturnType<typeof storageStub>;
  let outbox: ReturnType<typeof outboxStub>;
  let imports: { storeZonefile: jest.Mock; insert: jest.Mock; discardZonefile: jest.Mock };
  let sut: ImportsService;

  beforeEach(() => {
    storage = storageStub();
    outbox = outboxStub();
    imports = {
      storeZonefile: jest.fn(async (_id: string, pieces: Iterable<string>) => [...pieces].length),
      insert: jest.fn(async () => created),
      discardZonefile: jest.fn(async () => undefined),
    };
    sut = new ImportsService(
      storage,
      outbox,
      {} as DomainSettings,
      imports as unknown as ImportsRepository,
      {} as QuotasService,
      {} as ZonesService,
      {} as ZoneChangeWriter,
    );
  });

  it('stores the zonefile first, outside any transaction, then the import and its request in one', async () => {
    await expect(sut.create(MEMBER, () => ['$ORIGIN a.test.\n', '@ A 192.0.2.1\n'], 'req-1')).resolves.toBe(
      created,
    );
    const [[id, pieces]] = imports.storeZonefile.mock.calls;
    expect(pieces).toEqual(['$ORIGIN a.test.\n', '@ A 192.0.2.1\n']);
    expect(imports.insert).toHaveBeenCalledWith(TX, { id, projectId: 'project-1', mayUseBlacklisted: false });
    expect(imports.storeZonefile.mock.invocationCallOrder[0]).toBeLessThan(
      storage.transaction.mock.invocationCallOrder[0],
    );
    expect(outbox.write).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({ pattern: TASK_EVENTS.importRequested, requestId: 'req-1' }),
    );
    expect(imports.discardZonefile).not.toHaveBeenCalled();
  });

  it('removes what it stored when the import cannot be written, and when storing fails half-way', async () => {
    imports.insert.mockRejectedValueOnce(new Error('connection lost'));
    await expect(sut.create(MEMBER, () => ['x'])).rejects.toThrow('connection lost');
    imports.storeZonefile.mockRejectedValueOnce(new Error('statement timeout'));
    await expect(sut.create(MEMBER, () => ['x'])).rejects.toThrow('statement timeout');
    const stored = imports.storeZonefile.mock.calls.map(([id]) => id);
    expect(imports.discardZonefile.mock.calls.map(([id]) => id)).toEqual(stored);
  });

  it('reads nothing of the body for a caller who may not import', async () => {
    const zonefile = jest.fn(() => ['x']);
    await expect(sut.create({ ...MEMBER, roles: ['reader'] }, zonefile)).rejects.toThrow();
    expect(zonefile).not.toHaveBeenCalled();
    expect(imports.storeZonefile).not.toHaveBeenCalled();
  });
});
