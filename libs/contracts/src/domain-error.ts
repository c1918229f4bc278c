/** Designate's error `type` of every business rule a caller can break. The gateway maps each to a status. */
export type DomainErrorCode =
  | 'bad_request'
  | 'invalid_object'
  | 'forbidden'
  | 'over_quota'
  | 'marker_not_found'
  | 'pool_not_found'
  | 'zone_not_found'
  | 'duplicate_zone'
  | 'illegal_child'
  | 'illegal_parent'
  | 'no_servers_configured'
  | 'invalid_recordset_location'
  | 'recordset_not_found'
  | 'duplicate_recordset'
  | 'zone_import_not_found'
  | 'import_already_handled'
  | 'zone_export_not_found'
  | 'zone_transfer_request_not_found'
  | 'zone_transfer_accept_not_found'
  | 'duplicate_zone_transfer_request'
  | 'invalid_zone_transfer_request'
  | 'invalid_key';

/**
 * A broken business rule, named by its code: no transport status. The gateway's exception filter renders
 * it (one mapper from code to status), workers store its message.
 */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (code: DomainErrorCode, message: string) => new DomainError(code, message);
export const conflict = (code: DomainErrorCode, message: string) => new DomainError(code, message);
export const forbidden = (
  message = 'You are not authorized to perform this action',
  code: DomainErrorCode = 'forbidden',
) => new DomainError(code, message);
