import { DomainErrorCode } from '@zonewarden/domain';

/**
 * The HTTP status of every domain error code, as Designate answers it: the one place where business
 * errors meet HTTP. A code added without a status here does not compile.
 */
export const DOMAIN_ERROR_STATUS: Record<DomainErrorCode, number> = {
  bad_request: 400,
  invalid_object: 400,
  invalid_zone_name: 400,
  invalid_recordset_location: 400,
  invalid_zone_transfer_request: 400,
  invalid_project: 400,
  marker_not_found: 400,
  zone_is_shared: 400,
  shared_zone_has_recordsets: 400,
  forbidden: 403,
  illegal_child: 403,
  illegal_parent: 403,
  invalid_key: 403,
  no_endpoint: 403,
  zone_not_found: 404,
  tld_not_found: 404,
  blacklist_not_found: 404,
  pool_not_found: 404,
  recordset_not_found: 404,
  zone_import_not_found: 404,
  zone_export_not_found: 404,
  zone_transfer_request_not_found: 404,
  zone_transfer_accept_not_found: 404,
  service_status_not_found: 404,
  shared_zone_not_found: 404,
  tsigkey_not_found: 404,
  duplicate_zone: 409,
  duplicate_tld: 409,
  duplicate_blacklist: 409,
  duplicate_recordset: 409,
  duplicate_zone_transfer_request: 409,
  duplicate_zone_share: 409,
  duplicate_tsigkey: 409,
  over_quota: 413,
  no_servers_configured: 500,
};
