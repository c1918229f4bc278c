import { DomainError } from '../domain-error';

/** The codes of the service status rules (see DomainErrorCode). */
export type ServiceStatusErrorCode = 'service_status_not_found';

export const serviceStatusNotFound = () =>
  new DomainError('service_status_not_found', 'Could not find ServiceStatus');
