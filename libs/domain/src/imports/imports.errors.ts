import { DomainError } from '../domain-error';

/** The codes of the import rules (see DomainErrorCode). */
export type ImportErrorCode = 'zone_import_not_found';

export const importNotFound = () => new DomainError('zone_import_not_found', 'Could not find ZoneImport');
