import { timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { forbidden } from '../common.errors';
import {
  ListQuery,
  Page,
  Storage,
  TransferAcceptRecord,
  TransferRequestRecord,
  TransfersRepository,
  UpdateGrantsRepository,
  ZonesRepository,
} from '@zonewarden/persistence';
import { userActor } from '../changes/actor';
import { ZoneChangeWriter } from '../changes/zone-change-writer';
import { Caller, authorize, ownProject, scopeOf } from '../caller';
import { pageOrMarkerNotFound } from '../common.errors';
import { DomainSettings } from '../domain-settings';
import { QuotasService } from '../quotas/quotas.service';
import { checkNotDeleting } from '../zones/zone-rules';
import { ZonesService } from '../zones/zones.service';
import { zoneNotFound } from '../zones/zones.errors';
import {
  acceptNotFound,
  duplicateRequest,
  invalidKey,
  requestNotActive,
  requestNotFound,
} from './transfers.errors';

/** How a caller sees a request: its owner sees the key, its target and others do not. */
export type RequestView = 'owner' | 'target' | 'other';

function sameKey(given: string, stored: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(stored)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Zone transfers between projects: who sees, changes and accepts a request, and the move itself. */
@Injectable()
export class TransfersService {
  constructor(
    private readonly storage: Storage,
    private readonly quotas: QuotasService,
    private readonly settings: DomainSettings,
    private readonly transfers: TransfersRepository,
    private readonly zones: ZonesService,
    private readonly zoneStore: ZonesRepository,
    private readonly changes: ZoneChangeWriter,
    private readonly grants: UpdateGrantsRepository,
  ) {}

  async createRequest(
    caller: Caller,
    zoneId: string,
    input: { targetProjectId: string | null; description: string | null },
  ): Promise<TransferRequestRecord> {
    authorize(caller, 'write');
    return this.storage.transaction(async (tx) => {
      const zone = await this.zones.lockInScope(tx, caller, zoneId);
      checkNotDeleting(zone, 'transfer');
      const request = await this.transfers.insertRequest(tx, zone, input);
      if (!request) throw duplicateRequest();
      return request;
    });
  }

  /** An untargeted request is readable by any project; a targeted one only by its owner and target. */
  async getRequest(
    caller: Caller,
    id: string,
  ): Promise<{ request: TransferRequestRecord; view: RequestView }> {
    authorize(caller, 'read');
    const request = await this.transfers.findRequest(id);
    if (!request) throw requestNotFound();
    const view = viewOf(caller, request, this.settings.designateBehaviour);
    // Designate finds the request for anyone, then its policy refuses a targeted one to the others: 403.
    if (view === 'other' && request.targetProjectId !== null) throw forbidden();
    return { request, view };
  }

  async listRequests(
    caller: Caller,
    query: ListQuery,
  ): Promise<{ page: Page<TransferRequestRecord>; viewOf: (r: TransferRequestRecord) => RequestView }> {
    authorize(caller, 'read');
    const page = await this.transfers.listRequests(scopeOf(caller).projectId, query);
    return {
      page: pageOrMarkerNotFound(page, query),
      viewOf: (request) => viewOf(caller, request, this.settings.designateBehaviour),
    };
  }

  async updateRequest(
    caller: Caller,
    id: string,
    description: string | null,
  ): Promise<TransferRequestRecord> {
    await this.ownedRequest(caller, id);
    const updated = await this.transfers.updateRequest(id, description);
    if (!updated) throw requestNotFound();
    return updated;
  }

  async deleteRequest(caller: Caller, id: string): Promise<void> {
    await this.ownedRequest(caller, id);
    if (!(await this.transfers.deleteRequest(id))) throw requestNotFound();
  }

  /**
   * Accepts a request, once: the request row is locked, so of concurrent accepts one moves the zone and
   * the others find the request used. The zone and all its record sets change project in the same
   * transaction, within the acceptor's zone quota.
   */
  async accept(
    caller: Caller,
    requestId: string,
    key: string,
    apiRequestId?: string,
  ): Promise<TransferAcceptRecord> {
    authorize(caller, 'write');
    const acceptor = ownProject(caller);
    const quotas = await this.quotas.of(acceptor);
    return this.storage.transaction(async (tx) => {
      const request = await this.transfers.lockRequest(tx, requestId.toLowerCase());
      if (!request) throw requestNotFound();
      if (request.targetProjectId !== null && request.targetProjectId !== acceptor) throw forbidden();
      if (request.status !== 'ACTIVE') throw requestNotActive(request.status);
      if (!sameKey(key, request.key)) throw invalidKey();
      const zone = await this.zoneStore.lock(tx, request.zoneId, { projectId: null });
      if (!zone) throw zoneNotFound();
      checkNotDeleting(zone, 'transfer');
      await this.zones.checkZoneQuota(tx, acceptor, quotas);
      const accepted = await this.transfers.moveZone(tx, request, acceptor);
      // The update grants' keys are the old project's secrets: they must not reach the new owner's zone.
      await this.grants.deleteAllOf(tx, zone.id);
      // The content and serial stay; the history says who took the zone from whom.
      await this.changes.recordOnly(
        tx,
        zone,
        { ...zone, projectId: acceptor },
        {
          source: 'transfer',
          actor: userActor(caller, apiRequestId),
          rrsets: [],
          comment: `Transferred from project ${zone.projectId} to project ${acceptor}`,
        },
      );
      return accepted;
    });
  }

  async getAccept(caller: Caller, id: string): Promise<TransferAcceptRecord> {
    authorize(caller, 'read');
    const accept = await this.transfers.findAccept(scopeOf(caller), id);
    if (!accept) throw acceptNotFound();
    return accept;
  }

  /** Listing accepts is for admins (Designate's policy). */
  async listAccepts(caller: Caller, query: ListQuery): Promise<Page<TransferAcceptRecord>> {
    authorize(caller, 'admin');
    return pageOrMarkerNotFound(await this.transfers.listAccepts(scopeOf(caller), query), query);
  }

  /** Only the owner changes a request; any other project gets 403. */
  private async ownedRequest(caller: Caller, id: string): Promise<TransferRequestRecord> {
    authorize(caller, 'write');
    const { request, view } = await this.getRequest(caller, id);
    if (view !== 'owner') throw forbidden();
    return request;
  }
}

/** An admin sees every request as its owner when asking for all projects, or always (`adminSeesAll`, Designate). */
function viewOf(caller: Caller, request: TransferRequestRecord, adminSeesAll: boolean): RequestView {
  if (request.projectId === caller.projectId || (caller.isAdmin && (caller.allProjects || adminSeesAll)))
    return 'owner';
  if (caller.projectId !== null && request.targetProjectId === caller.projectId) return 'target';
  return 'other';
}
