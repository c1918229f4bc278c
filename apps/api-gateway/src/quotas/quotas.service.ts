import { Injectable } from '@nestjs/common';
import { forbidden } from '@zonewarden/contracts';
import { QuotasRepository } from '@zonewarden/persistence';
import { AuthContext } from '../auth/auth-context';
import { authorize } from '../auth/policy';
import { Quotas, defaultQuotas } from '@zonewarden/config';
import { GatewayConfig } from '../config/gateway.config';

@Injectable()
export class QuotasService {
  constructor(
    private readonly config: GatewayConfig,
    private readonly quotas: QuotasRepository,
  ) {}

  /** The limits that apply to a project (its overrides on the operator's defaults). */
  of(projectId: string): Promise<Quotas> {
    return this.quotas.effective(projectId, defaultQuotas(this.config));
  }

  /** A project reads its own quotas; admins read anyone's. */
  async get(auth: AuthContext, projectId: string): Promise<Quotas> {
    authorize(auth, 'read');
    if (!auth.isAdmin && projectId !== auth.projectId) throw forbidden();
    return this.of(projectId);
  }

  async set(auth: AuthContext, projectId: string, limits: Partial<Quotas>): Promise<Quotas> {
    authorize(auth, 'admin');
    await this.quotas.set(projectId, limits);
    return this.of(projectId);
  }

  async reset(auth: AuthContext, projectId: string): Promise<void> {
    authorize(auth, 'admin');
    await this.quotas.reset(projectId);
  }
}
