import { DomainError } from '../domain-error';

/** The codes of the transfer rules (see DomainErrorCode). */
export type TransferErrorCode =
  | 'zone_transfer_request_not_found'
  | 'zone_transfer_accept_not_found'
  | 'duplicate_zone_transfer_request'
  | 'invalid_zone_transfer_request'
  | 'invalid_key';

export const requestNotFound = () =>
  new DomainError('zone_transfer_request_not_found', 'Could not find ZoneTransferRequest');
export const acceptNotFound = () =>
  new DomainError('zone_transfer_accept_not_found', 'Could not find ZoneTransferAccept');
export const duplicateRequest = () =>
  new DomainError('duplicate_zone_transfer_request', 'The zone already has an active transfer request');
export const requestNotActive = (status: string) =>
  new DomainError(
    'invalid_zone_transfer_request',
    status === 'COMPLETE' ? 'Zone Transfer Request has been used' : 'Zone Transfer Request Invalid',
  );
export const invalidKey = () => new DomainError('invalid_key', 'Key does not match stored key for request');
