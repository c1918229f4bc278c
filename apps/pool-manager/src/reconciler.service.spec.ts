import { Logger } from '@nestjs/common';
import type { PropagationStateService } from '@zonewarden/domain';
import { PoolManagerConfig } from './pool-manager.config';
import type { PropagationService } from './propagation.service';
import { ReconcilerService } from './reconciler.service';

const unavailable = () => Object.assign(new Error('sorry, too many clients already'), { code: '53300' });

describe('ReconcilerService', () => {
  it('halves its batch while storage cannot serve the zones, and grows it back after', async () => {
    let failing = true;
    const claimed: number[] = [];
    const state = {
      reclaim: async (_since: Date, limit: number) => {
        claimed.push(limit);
        return Array.from({ length: limit }, (_, i) => `zone-${i}`);
      },
    } as unknown as PropagationStateService;
    const propagation = {
      converge: async () => {
        if (failing) throw unavailable();
      },
    } as unknown as PropagationService;
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const reconciler = new ReconcilerService(new PoolManagerConfig(), propagation, state);
    for (let round = 0; round < 3; round++)
      await expect(reconciler.reconcile()).rejects.toThrow(/not driven/);
    failing = false;
    for (let round = 0; round < 3; round++) await reconciler.reconcile();
    expect(claimed).toEqual([50, 25, 12, 6, 12, 24]);
    expect(reconciler.batchSize).toBe(48);
  });
});
