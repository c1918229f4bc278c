import type { CatalogErrorCode } from './catalogs/catalogs.errors';
import type { ChangeErrorCode } from './changes/changes.errors';
import type { CommonErrorCode } from './common.errors';
import type { DnssecErrorCode } from './dnssec/dnssec.errors';
import type { ExportErrorCode } from './exports/exports.errors';
import type { ImportErrorCode } from './imports/imports.errors';
import type { ProjectErrorCode } from './projects/project-directory';
import type { QuotaErrorCode } from './quotas/quotas.errors';
import type { RecordSetErrorCode } from './recordsets/recordsets.errors';
import type { FloatingIpErrorCode } from './reverse/floatingips.errors';
import type { ServiceStatusErrorCode } from './service-statuses/service-statuses.errors';
import type { ZoneShareErrorCode } from './shares/zone-shares.errors';
import type { TransferErrorCode } from './transfers/transfers.errors';
import type { TsigKeyErrorCode } from './tsigkeys/tsigkeys.errors';
import type { UpdateGrantErrorCode } from './updates/update-grants.errors';
import type { ZoneErrorCode } from './zones/zones.errors';

/**
 * Designate's error `type` of every rule a caller can break, declared per module in its `*.errors.ts`.
 * The gateway maps each to an HTTP status (a code without one does not compile there).
 */
export type DomainErrorCode =
  | CatalogErrorCode
  | ChangeErrorCode
  | CommonErrorCode
  | DnssecErrorCode
  | ExportErrorCode
  | FloatingIpErrorCode
  | ImportErrorCode
  | ProjectErrorCode
  | QuotaErrorCode
  | RecordSetErrorCode
  | ServiceStatusErrorCode
  | TransferErrorCode
  | TsigKeyErrorCode
  | UpdateGrantErrorCode
  | ZoneErrorCode
  | ZoneShareErrorCode;

/**
 * A broken business rule, named by its code: no transport status. The gateway's exception filter renders
 * it, workers store its message.
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
