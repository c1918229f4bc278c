/**
 * An error a caller can act on, carrying the Designate error `type` and the HTTP status it maps to.
 * Thrown by any layer; the gateway's exception filter renders it, workers store its message.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (type: string, message: string) => new DomainError(404, type, message);
export const badRequest = (message: string, type = 'bad_request') => new DomainError(400, type, message);
export const conflict = (type: string, message: string) => new DomainError(409, type, message);
export const forbidden = (message = 'You are not authorized to perform this action', type = 'forbidden') =>
  new DomainError(403, type, message);
