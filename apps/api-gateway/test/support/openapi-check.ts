import * as fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import * as path from 'node:path';
import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { REPO_ROOT } from '@zonewarden/testing';

/**
 * Checks the gateway's answers against the committed OpenAPI document (openapi.json): every response of
 * a documented operation must have a documented status, content type and a body its schema accepts;
 * a request the document has no operation for must be answered with an error body (4xx/5xx). The e2e
 * suites get it through the harness (`watchResponses`) and the jest setup that fails a test on any
 * violation (openapi-check.setup.ts), so no suite has to call it.
 */

interface Schema {
  [key: string]: unknown;
}
interface MediaType {
  schema?: Schema;
}
interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  responses: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Response> };
}

export interface Exchange {
  method: string;
  /** The request target as sent: path and query. */
  url: string;
  status: number;
  contentType: string | undefined;
  body: Buffer;
}

const SCHEMA_BASE = 'https://zonewarden.invalid/openapi/schemas/';
/**
 * The document's own routes (the Swagger UI and the JSON) and the web console's static files are not
 * operations of the API (the console's session endpoint is).
 */
const OWN_ROUTES = /^\/(docs(-json)?|console(?!\/session))(\/|$)/;
const LEGACY_PATH = /^\/(domains|v1)(\/|$)/i;
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);
const EXCERPT = 300;

interface Route {
  template: string;
  pattern: RegExp;
  literals: number;
  operations: Record<string, Operation>;
}

/**
 * `#/components/schemas/X` → an id Ajv resolves among the schemas added to it; and OpenAPI 3.0's nullable
 * reference (`nullable` beside `allOf: [$ref]`, which Ajv would apply to null too) → either null or the reference.
 */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (typeof value !== 'object' || value === null) return value;
  const { nullable, allOf, type: _type, ...rest } = value as Record<string, unknown>;
  if (nullable === true && Array.isArray(allOf))
    return { ...(rewriteRefs(rest) as object), anyOf: [{ type: 'null' }, { allOf: rewriteRefs(allOf) }] };
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      key === '$ref' && typeof inner === 'string'
        ? [key, inner.replace('#/components/schemas/', SCHEMA_BASE)]
        : [key, rewriteRefs(inner)],
    ),
  );
}

function routeOf(template: string, operations: Record<string, Operation>): Route {
  const segments = template.split('/').filter(Boolean);
  const source = segments
    .map((segment) => (/^\{.+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return {
    template,
    // Express matches paths without regard to case and with or without a final slash.
    pattern: new RegExp(`^/${source}/?$`, 'i'),
    literals: segments.filter((segment) => !segment.startsWith('{')).length,
    operations,
  };
}

const mediaTypeOf = (contentType: string | undefined) => contentType?.split(';')[0].trim().toLowerCase();

function excerpt(body: Buffer): string {
  const text = body.toString('utf8');
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text;
}

export class OpenApiCheck {
  private readonly ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
  private readonly routes: Route[];
  /** By the document's own schema objects: each is compiled once. */
  private readonly validators = new WeakMap<Schema, ValidateFunction>();

  constructor(private readonly document: Document) {
    addFormats(this.ajv);
    // OpenAPI's annotations, which JSON Schema does not know.
    this.ajv.addVocabulary(['example']);
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      this.ajv.addSchema({ ...(rewriteRefs(schema) as Schema), $id: `${SCHEMA_BASE}${name}` });
    }
    this.routes = Object.entries(document.paths)
      .map(([template, operations]) => routeOf(template, operations))
      // The most literal template first: `/v2/zones/tasks/imports` before `/v2/zones/{zone_id}/…`.
      .sort((a, b) => b.literals - a.literals);
  }

  static fromFile(file = path.join(REPO_ROOT, 'openapi.json')): OpenApiCheck {
    return new OpenApiCheck(JSON.parse(fs.readFileSync(file, 'utf8')) as Document);
  }

  /** What is wrong with the exchange, or null when the document describes it. */
  check(exchange: Exchange): string | null {
    const pathname = exchange.url.split('?')[0];
    if (OWN_ROUTES.test(pathname)) return null;
    const method = exchange.method.toLowerCase();
    const lookup = method === 'head' ? 'get' : method;
    // As express routes: the first path that has the method (literal segments before parameters).
    const matching = this.routes.filter((candidate) => candidate.pattern.test(pathname));
    const route = matching.find((candidate) => METHODS.has(lookup) && candidate.operations[lookup]);
    const operation = route?.operations[lookup];
    const described = `${exchange.method} ${exchange.url} → ${exchange.status} ${exchange.contentType ?? '(no content type)'}`;
    const problem = operation
      ? this.checkOperation(operation, exchange, method === 'head')
      : this.checkUndocumented(pathname, exchange);
    if (!problem) return null;
    const where = operation
      ? `operation ${operation.operationId} (${lookup.toUpperCase()} ${route?.template})`
      : 'no operation in openapi.json';
    return `${described}, ${where}: ${problem}\n  body: ${excerpt(exchange.body) || '(empty)'}`;
  }

  /** A request the document has no operation for: it must have been refused with an error body. */
  private checkUndocumented(pathname: string, exchange: Exchange): string | null {
    if (exchange.status < 400) return `an undocumented operation answered ${exchange.status}`;
    const shared = LEGACY_PATH.test(pathname) ? 'LegacyBadRequest' : 'BadRequest';
    if (LEGACY_PATH.test(pathname) && exchange.status === 401)
      return this.checkResponse(this.document.components.responses.LegacyUnauthorized, exchange, false);
    return this.checkResponse(this.document.components.responses[shared], exchange, false);
  }

  private checkOperation(operation: Operation, exchange: Exchange, head: boolean): string | null {
    const response = operation.responses[String(exchange.status)];
    if (!response) {
      const documented = Object.keys(operation.responses).join(', ');
      return `status ${exchange.status} is not documented (documented: ${documented})`;
    }
    // A redirect's body is a note for people, negotiated by express (text, HTML, or none for JSON clients).
    if (exchange.status >= 300 && exchange.status < 400) return null;
    return this.checkResponse(response, exchange, head);
  }

  private checkResponse(reference: Response, exchange: Exchange, head: boolean): string | null {
    const response = this.resolve(reference);
    const content = response.content ?? {};
    const mediaType = mediaTypeOf(exchange.contentType);
    if (Object.keys(content).length === 0) {
      return exchange.body.length === 0 ? null : 'a body where the document describes none';
    }
    if (head) return null;
    const described = mediaType === undefined ? undefined : content[mediaType];
    if (!described) {
      return `content type ${mediaType ?? '(none)'} is not documented (documented: ${Object.keys(content).join(', ')})`;
    }
    if (!described.schema) return null;
    let body: unknown;
    if (mediaType === 'application/json') {
      try {
        body = JSON.parse(exchange.body.toString('utf8'));
      } catch {
        return 'the body is not JSON';
      }
    } else {
      body = exchange.body.toString('utf8');
    }
    const validate = this.validator(described.schema);
    if (validate(body)) return null;
    return `the body does not match its schema: ${this.ajv.errorsText(validate.errors, { dataVar: 'body' })}`;
  }

  private resolve(response: Response): Response {
    if (!response.$ref) return response;
    const name = response.$ref.replace('#/components/responses/', '');
    const resolved = this.document.components.responses[name];
    if (!resolved) throw new Error(`openapi.json: ${response.$ref} is not defined`);
    return resolved;
  }

  private validator(schema: Schema): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      validate = this.ajv.compile(rewriteRefs(schema) as Schema);
      this.validators.set(schema, validate);
    }
    return validate;
  }
}

/** Bodies larger than this are not kept (none of the API's JSON is; a large export download may be). */
const MAX_KEPT_BYTES = 16 * 1024 * 1024;
const violations: string[] = [];
let shared: OpenApiCheck | undefined;

/** The violations seen since the last call, emptied. */
export function takeOpenApiViolations(): string[] {
  return violations.splice(0, violations.length);
}

/**
 * Checks every answer `server` gives against openapi.json as it is sent; what does not match is kept for
 * the jest setup to fail the test with. Listens first, so it sees the request before the application.
 */
export function watchResponses(
  server: Server,
  check: OpenApiCheck = (shared ??= OpenApiCheck.fromFile()),
): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const { method = 'GET', url = '/' } = req;
    const chunks: Buffer[] = [];
    let kept = 0;
    let complete = true;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const bytes = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      kept += bytes.length;
      if (kept > MAX_KEPT_BYTES) complete = false;
      else chunks.push(bytes);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as ServerResponse['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      if (complete) {
        const contentType = res.getHeader('content-type');
        try {
          const problem = check.check({
            method,
            url,
            status: res.statusCode,
            contentType: contentType === undefined ? undefined : String(contentType),
            body: Buffer.concat(chunks),
          });
          if (problem) violations.push(problem);
        } catch (error) {
          violations.push(`${method} ${url}: the check itself failed: ${(error as Error).message}`);
        }
      }
      return end(chunk, ...rest);
    }) as ServerResponse['end'];
  });
}
