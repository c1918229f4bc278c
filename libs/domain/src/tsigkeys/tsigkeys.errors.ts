import { DomainError } from '../domain-error';

/** The codes of the TSIG key rules (see DomainErrorCode). */
export type TsigKeyErrorCode = 'tsigkey_not_found' | 'duplicate_tsigkey';

export const tsigKeyNotFound = () => new DomainError('tsigkey_not_found', 'Could not find TsigKey');
export const duplicateTsigKey = () => new DomainError('duplicate_tsigkey', 'Duplicate TsigKey');
