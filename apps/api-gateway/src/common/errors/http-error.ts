/**
 * An error of the HTTP interface itself (a body, a header, a query parameter, a path the gateway's own
 * pipes refused), with its status: business rules throw DomainError instead, which has none.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
