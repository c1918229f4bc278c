import { DomainError } from '../domain-error';
import { RECORDSET_NOT_FOUND_MESSAGE } from '@zonewarden/persistence';

/** The codes of the record set rules (see DomainErrorCode). */
export type RecordSetErrorCode = 'recordset_not_found' | 'duplicate_recordset' | 'invalid_recordset_location';

export const recordSetNotFound = () => new DomainError('recordset_not_found', RECORDSET_NOT_FOUND_MESSAGE);
export const duplicateRecordSet = () => new DomainError('duplicate_recordset', 'Duplicate RecordSet');
export const invalidRecordSetLocation = (message: string) =>
  new DomainError('invalid_recordset_location', message);
/** A record set under a live child zone belongs to that zone (the API's and an import's rule). */
export const belongsInChildZone = (child: string) =>
  invalidRecordSetLocation(`RecordSet belongs in a child zone: ${child}`);
