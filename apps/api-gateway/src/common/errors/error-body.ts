export interface ErrorBody {
  code: number;
  type: string;
  message: string;
  request_id: string;
  errors?: unknown;
}

/** Designate's `type` for HTTP errors raised outside our own code (routing, body parsing). */
export const TYPE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'request_too_large',
  415: 'unsupported_content_type',
  429: 'over_rate_limit',
};

/** body-parser error types (its `type` property) → ours. */
export const BODY_PARSER_ERRORS: Record<string, { type: string; message: string }> = {
  'entity.parse.failed': { type: 'invalid_json', message: 'Request body is not valid JSON' },
  'entity.too.large': { type: 'request_too_large', message: 'Request body is too large' },
  'encoding.unsupported': { type: 'unsupported_content_type', message: 'Unsupported content encoding' },
  'charset.unsupported': { type: 'unsupported_content_type', message: 'Unsupported charset' },
  'request.aborted': { type: 'bad_request', message: 'Request aborted' },
  'request.size.invalid': { type: 'bad_request', message: 'Request size did not match Content-Length' },
};
