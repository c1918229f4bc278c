import { Caller } from '../caller';
import { Actor } from './zone-change';

/** The API's caller, with the request it made. */
export function userActor(caller: Pick<Caller, 'userId' | 'projectId' | 'roles'>, requestId?: string): Actor {
  return {
    kind: 'user',
    userId: caller.userId ?? null,
    projectId: caller.projectId,
    roles: caller.roles,
    requestId,
  };
}

/** One of the service's own processes (a timer, a worker), acting for nobody. */
export function systemActor(process: string): Actor {
  return { kind: 'system', process };
}

/** The request a change answers, which its messages carry on (x-request-id). */
export function requestIdOf(actor: Actor): string | undefined {
  return actor.kind === 'user' ? actor.requestId : undefined;
}
