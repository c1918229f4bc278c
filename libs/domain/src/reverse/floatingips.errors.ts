import { DomainError } from '../domain-error';

/** The codes of the floating IP PTR rules (see DomainErrorCode). */
export type FloatingIpErrorCode = 'no_endpoint';

/**
 * Designate's NetworkEndpointNotFound (403 `no_endpoint`): what it answers when the service catalog
 * has no `network` endpoint. Zonewarden never has one: it does not talk to Neutron.
 */
export const noNetworkEndpoint = () =>
  new DomainError(
    'no_endpoint',
    'No network service endpoint: PTR records of floating IPs need Neutron, which this service does not use',
  );
