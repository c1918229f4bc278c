import { DomainError } from './domain-error';

/** The codes every module uses (see DomainErrorCode). */
export type CommonErrorCode =
  'bad_request' | 'invalid_object' | 'forbidden' | 'marker_not_found' | 'missing_project_id';

/** A request the rules refuse, with Designate's generic `bad_request` type. */
export const badRequest = (message: string) => new DomainError('bad_request', message);
export const forbidden = () => new DomainError('forbidden', 'You are not authorized to perform this action');
/** Designate's words (and its 401, kept there for compatibility) for a project-less caller creating something. */
export const missingProjectId = () =>
  new DomainError(
    'missing_project_id',
    'A project ID must be specified when not using a project scoped token (act for one with X-Auth-Sudo-Project-ID).',
  );
export const markerNotFound = (marker: string) =>
  new DomainError('marker_not_found', `Marker ${marker} could not be found`);

/** A page of a collection; its marker must be in the collection (the repository answers null if not). */
export function pageOrMarkerNotFound<P>(page: P | null, query: { marker?: string | null }): P {
  if (page === null) throw markerNotFound(String(query.marker));
  return page;
}
