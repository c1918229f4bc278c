import { Injectable } from '@nestjs/common';
import { ListQuery, Page, ServiceStatusRecord, ServiceStatusesRepository } from '@zonewarden/persistence';
import { Caller, authorize } from '../caller';
import { pageOrMarkerNotFound } from '../common.errors';
import { serviceStatusNotFound } from './service-statuses.errors';

/** The heartbeats of the service's processes: for admins only, as Designate's find_service_status(es). */
@Injectable()
export class ServiceStatusesService {
  constructor(private readonly statuses: ServiceStatusesRepository) {}

  async list(caller: Caller, query: ListQuery): Promise<Page<ServiceStatusRecord>> {
    authorize(caller, 'admin');
    return pageOrMarkerNotFound(await this.statuses.list(query), query);
  }

  async get(caller: Caller, id: string): Promise<ServiceStatusRecord> {
    authorize(caller, 'admin');
    const status = await this.statuses.find(id);
    if (!status) throw serviceStatusNotFound();
    return status;
  }
}
