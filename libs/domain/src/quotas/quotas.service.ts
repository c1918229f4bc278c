import { Injectable } from '@nestjs/common';
import { forbidden } from '../common.errors';
import { Quotas } from '@zonewarden/config';
import { QuotasRepository } from '@zonewarden/persistence';
import { Caller, authorize } from '../caller';
import { DomainSettings } from '../domain-settings';
import { ProjectDirectory } from '../projects/project-directory';
import { effectiveQuotas } from './quota-rules';

@Injectable()
export class QuotasService {
  constructor(
    private readonly settings: DomainSettings,
    private readonly quotas: QuotasRepository,
    private readonly projects: ProjectDirectory,
  ) {}

  /** The limits that apply to a project (its overrides on the operator's defaults). */
  async of(projectId: string): Promise<Quotas> {
    return this.withOverrides(await this.quotas.overrides(projectId));
  }

  /** The limits that apply to a project whose overrides were read otherwise (with other reads). */
  withOverrides(overrides: { resource: string; hardLimit: number }[]): Quotas {
    return effectiveQuotas(this.settings.defaultQuotas, overrides);
  }

  /**
   * A project reads its own quotas; admins read anyone's. A caller of no project (a system-scoped token)
   * asking for its own reads the defaults, as Designate answers it.
   */
  async get(caller: Caller, projectId: string | null): Promise<Quotas> {
    authorize(caller, 'read');
    if (!caller.isAdmin && projectId !== caller.projectId) throw forbidden();
    return projectId === null ? this.withOverrides([]) : this.of(projectId);
  }

  /** Admins set a project's limits; the identity service must not deny that the project exists. */
  async set(caller: Caller, projectId: string, limits: Partial<Quotas>): Promise<Quotas> {
    authorize(caller, 'admin');
    await this.projects.checkExists(caller, projectId);
    await this.quotas.set(projectId, limits);
    return this.of(projectId);
  }

  async reset(caller: Caller, projectId: string): Promise<void> {
    authorize(caller, 'admin');
    await this.quotas.reset(projectId);
  }
}
