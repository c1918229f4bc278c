import { TASK_EVENTS } from '@zonewarden/contracts';
import { ExportsRepository, ImportsRepository } from '@zonewarden/persistence';
import { TX, outboxStub, storageStub } from '../storage.fixtures';
import { StaleTasksService } from './stale-tasks.service';

describe(StaleTasksService.name, () => {
  const staleImport = { id: 'import-1', projectId: 'project-1', mayUseBlacklisted: true };
  const staleExport = { id: 'export-1', zoneId: 'zone-1', projectId: 'project-1' };
  let storage: ReturnType<typeof storageStub>;
  let outbox: ReturnType<typeof outboxStub>;
  let imports: { claimStale: jest.Mock; discardAbandonedZonefiles: jest.Mock };
  let exports: { claimStale: jest.Mock };
  let sut: StaleTasksService;

  beforeEach(() => {
    storage = storageStub();
    outbox = outboxStub();
    imports = {
      claimStale: jest.fn(async () => [staleImport]),
      discardAbandonedZonefiles: jest.fn(async () => 3),
    };
    exports = { claimStale: jest.fn(async () => [staleExport]) };
    sut = new StaleTasksService(
      storage,
      imports as unknown as ImportsRepository,
      exports as unknown as ExportsRepository,
      outbox,
    );
  });

  it('requests again each stale import and export, each kind in a transaction of its own', async () => {
    await expect(sut.redrive(300, 100)).resolves.toEqual({ imports: 1, exports: 1, abandonedPieces: 3 });
    expect(storage.transaction).toHaveBeenCalledTimes(2);
    expect(imports.discardAbandonedZonefiles).toHaveBeenCalledWith(300);
    expect(imports.claimStale).toHaveBeenCalledWith(TX, 300, 100);
    expect(exports.claimStale).toHaveBeenCalledWith(TX, 300, 100);
    expect(outbox.write.mock.calls).toEqual([
      [
        TX,
        {
          pattern: TASK_EVENTS.importRequested,
          payload: { version: 1, importId: 'import-1', projectId: 'project-1', mayUseBlacklisted: true },
          requestId: undefined,
        },
      ],
      [
        TX,
        {
          pattern: TASK_EVENTS.exportRequested,
          payload: { version: 1, exportId: 'export-1', zoneId: 'zone-1', projectId: 'project-1' },
          requestId: undefined,
        },
      ],
    ]);
  });

  it('writes nothing when nothing is stale', async () => {
    imports.claimStale.mockResolvedValue([]);
    exports.claimStale.mockResolvedValue([]);
    imports.discardAbandonedZonefiles.mockResolvedValue(0);
    await expect(sut.redrive(300, 100)).resolves.toEqual({ imports: 0, exports: 0, abandonedPieces: 0 });
    expect(outbox.write).not.toHaveBeenCalled();
  });
});
