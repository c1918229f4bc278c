import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError, excerpt } from '@zonewarden/domain';
import { isDatabaseUnavailable } from '@zonewarden/persistence';
import { DOMAIN_ERROR_STATUS } from './domain-error-status';
import { ErrorBody, TYPE_BY_STATUS } from './error-body';
import { HttpError } from './http-error';
import { ACCESS_DENIED, isLegacyRequest, toLegacyErrorBody } from './legacy-errors';
import { RouteTable } from './route-table';

type Mapped = Omit<ErrorBody, 'request_id'> & { headers?: Record<string, string> };

/** Our own errors (domain or HTTP) are rendered as they are: their messages are already bounded. */
function described(code: number, type: string, error: { message: string; details?: unknown }): Mapped {
  return {
    code,
    type,
    message: error.message,
    ...(error.details === undefined ? {} : { errors: error.details }),
  };
}

function isClientHttpError(error: unknown): error is { status: number; type?: string; message?: string } {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * The one place errors become responses: Designate's `{code, type, message, request_id[, errors]}`, in
 * its v1 flavour on the legacy interface.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  constructor(private readonly routes: RouteTable) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const mapped = this.map(exception, req);
    // A failure in the middle of a streamed body: cut the connection, so the client sees it incomplete.
    if (res.headersSent) {
      res.destroy();
      return;
    }
    for (const [name, value] of Object.entries(mapped.headers ?? {})) res.setHeader(name, value);
    const { headers: _headers, ...fields } = mapped;
    const body: ErrorBody = { ...fields, request_id: req.requestId };
    if (!isLegacyRequest(req)) {
      res.status(body.code).json(body);
    } else if (body.code === 401) {
      // The legacy contract: a plain "Access Denied" for missing or invalid credentials.
      res.status(401).type('text/plain').send(ACCESS_DENIED);
    } else {
      res.status(body.code).json(toLegacyErrorBody(body));
    }
  }

  private map(exception: unknown, req: Request): Mapped {
    if (exception instanceof DomainError) {
      const status = DOMAIN_ERROR_STATUS[exception.code];
      if (status >= 500) this.logger.error(`${req.requestId}: ${exception.code}: ${exception.message}`);
      return described(status, exception.code, exception);
    }
    if (exception instanceof HttpError) return described(exception.status, exception.type, exception);
    if (exception instanceof HttpException) return this.mapHttpException(exception, req);
    if (isClientHttpError(exception)) {
      return {
        code: exception.status,
        type: TYPE_BY_STATUS[exception.status] ?? 'bad_request',
        message: excerpt(exception.message || 'Bad request'),
      };
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(`${req.requestId}: database unavailable: ${(exception as Error).message}`);
      return {
        code: 503,
        type: 'service_unavailable',
        message: 'The service is temporarily unavailable; retry shortly',
        headers: { 'Retry-After': '5' },
      };
    }
    this.logger.error(
      `${req.requestId}: ${req.method} ${req.originalUrl}`,
      (exception as Error)?.stack ?? String(exception),
    );
    return {
      code: 500,
      type: 'unknown',
      message: 'An unexpected error occurred; quote the request id when reporting it',
    };
  }

  /** Errors of the framework and libraries: their messages may hold the client's input, so they are cut. */
  private mapHttpException(exception: HttpException, req: Request): Mapped {
    const status = exception.getStatus();
    if (status === 404) {
      const allowed = this.routes.allowedMethods(req.path);
      if (allowed.length > 0) {
        return {
          code: 405,
          type: 'method_not_allowed',
          message: `Method ${req.method} is not allowed here; allowed: ${allowed.join(', ')}`,
          headers: { Allow: allowed.join(', ') },
        };
      }
      return { code: 404, type: 'not_found', message: 'resource not found' };
    }
    if (status >= 500) this.logger.error(`${req.requestId}: ${exception.message}`, exception.stack);
    return {
      code: status,
      type: TYPE_BY_STATUS[status] ?? (status >= 500 ? 'unknown' : 'bad_request'),
      message: excerpt(exception.message),
    };
  }
}
