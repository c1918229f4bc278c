import { Injectable } from '@nestjs/common';
import { authorize, QuotasService, scopeOf } from '@zonewarden/domain';
import { forbidden } from '@zonewarden/contracts';
import {
  ListQuery,
  Page,
  TransferAcceptRecord,
  TransferRequestRecord,
  TransfersRepository,
  requestNotFound,
} from '@zonewarden/persistence';
import { AuthContext } from '../auth/auth-context';
import { invalidUuid, isUuid } from '../common/http/uuid.pipe';
import { CreateTransferRequestDto, TransferAcceptDto } from './dto/transfer-request.dto';
import { RequestView } from './transfer.view';

@Injectable()
export class TransfersService {
  constructor(
    private readonly quotas: QuotasService,
    private readonly transfers: TransfersRepository,
  ) {}

  createRequest(
    auth: AuthContext,
    zoneId: string,
    dto: CreateTransferRequestDto,
  ): Promise<TransferRequestRecord> {
    authorize(auth, 'write');
    return this.transfers.createRequest(scopeOf(auth), zoneId, {
      targetProjectId: dto.target_project_id ?? null,
      description: dto.description ?? null,
    });
  }

  /** An untargeted request is readable by any project; a targeted one only by its owner and target. */
  async getRequest(
    auth: AuthContext,
    id: string,
  ): Promise<{ request: TransferRequestRecord; view: RequestView }> {
    authorize(auth, 'read');
    const request = await this.transfers.findRequest(id);
    const view = this.viewOf(auth, request);
    if (view === 'other' && request.targetProjectId !== null) throw requestNotFound();
    return { request, view };
  }

  async listRequests(
    auth: AuthContext,
    query: ListQuery,
  ): Promise<{ page: Page<TransferRequestRecord>; viewOf: (r: TransferRequestRecord) => RequestView }> {
    authorize(auth, 'read');
    const page = await this.transfers.listRequests(auth.allProjects ? null : auth.projectId, query);
    return { page, viewOf: (request) => this.viewOf(auth, request) };
  }

  async updateRequest(
    auth: AuthContext,
    id: string,
    description: string | null,
  ): Promise<TransferRequestRecord> {
    await this.ownedRequest(auth, id);
    return this.transfers.updateRequest(id, description);
  }

  async deleteRequest(auth: AuthContext, id: string): Promise<void> {
    await this.ownedRequest(auth, id);
    await this.transfers.deleteRequest(id);
  }

  async accept(auth: AuthContext, dto: TransferAcceptDto): Promise<TransferAcceptRecord> {
    authorize(auth, 'write');
    if (!isUuid(dto.zone_transfer_request_id))
      throw invalidUuid('zone_transfer_request_id', dto.zone_transfer_request_id);
    const { zones } = await this.quotas.of(auth.projectId);
    return this.transfers.accept(dto.zone_transfer_request_id.toLowerCase(), dto.key, auth.projectId, zones);
  }

  getAccept(auth: AuthContext, id: string): Promise<TransferAcceptRecord> {
    authorize(auth, 'read');
    return this.transfers.findAccept(scopeOf(auth), id);
  }

  /** Listing accepts is for admins (Designate's policy). */
  listAccepts(auth: AuthContext, query: ListQuery): Promise<Page<TransferAcceptRecord>> {
    authorize(auth, 'admin');
    return this.transfers.listAccepts(scopeOf(auth), query);
  }

  private viewOf(auth: AuthContext, request: TransferRequestRecord): RequestView {
    if (request.projectId === auth.projectId || (auth.isAdmin && auth.allProjects)) return 'owner';
    if (request.targetProjectId === auth.projectId) return 'target';
    return 'other';
  }

  /** Only the owner changes a request; a project that may see it gets 403, one that may not, 404. */
  private async ownedRequest(auth: AuthContext, id: string): Promise<TransferRequestRecord> {
    authorize(auth, 'write');
    const { request, view } = await this.getRequest(auth, id);
    if (view !== 'owner') throw forbidden();
    return request;
  }
}
