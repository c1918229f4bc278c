import type { DynamicUpdateService, UpdateRequest, UpdateResult } from '@zonewarden/domain';
import { ZoneStore } from '../../zone/zone-store.service';
import { UpdateHandler } from './update-handler';

/** The domain's door for specs: `apply` answers as given (REFUSED unless told) and keeps the requests it got. */
export function updateHandler(
  store: ZoneStore,
  apply: (request: UpdateRequest) => Promise<UpdateResult> = async () => ({
    rcode: 'REFUSED',
    reason: 'spec',
  }),
): { handler: UpdateHandler; requests: UpdateRequest[] } {
  const requests: UpdateRequest[] = [];
  const door = {
    apply: (request: UpdateRequest) => {
      requests.push(request);
      return apply(request);
    },
  } as unknown as DynamicUpdateService;
  return { handler: new UpdateHandler(store, door), requests };
}
