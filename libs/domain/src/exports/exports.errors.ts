import { DomainError } from '../domain-error';

/** The codes of the export rules (see DomainErrorCode). */
export type ExportErrorCode = 'zone_export_not_found';

export const exportNotFound = () => new DomainError('zone_export_not_found', 'Could not find ZoneExport');
