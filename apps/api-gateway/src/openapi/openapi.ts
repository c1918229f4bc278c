import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule, getSchemaPath } from '@nestjs/swagger';
import type {
  OperationObject,
  ParameterObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { PUBLIC_OPERATION, REQUEST_BODY } from './api-docs';
import {
  CollectionLinks,
  CollectionMetadata,
  ErrorBody,
  LegacyErrorBody,
  SelfLink,
  ZoneLinks,
} from './api-schemas';

const DESCRIPTION = `DNS-as-a-Service with an OpenStack Designate compatible API: zones, record sets, imports, exports,
transfers between projects, shared zones, quotas, DNSSEC signing, and the legacy \`/domains\` interface.

Every error is \`{code, type, message, request_id[, errors]}\` (the legacy interface: \`LegacyError\`).
Success codes follow the interface specification; with \`DESIGNATE_STATUS_CODES=true\` five of them are
Designate's instead, and each operation concerned lists both. Authentication: \`X-Auth-Token\` (with
\`AUTH_STRATEGY=noauth\`, Designate's \`X-Auth-Project-ID\` and \`X-Roles\` headers instead).`;

/** Answers every operation may give; where an operation documents one itself, its own stays. */
const SHARED_RESPONSES: Record<string, { status: number; description: string }> = {
  BadRequest: {
    status: 400,
    description:
      'The request is malformed: `bad_request` (a query string that is not valid, a NUL character), ' +
      '`invalid_uuid`, `invalid_object` (the body), `invalid_json`, `empty_request_body`, collection ' +
      'parameters (`invalid_limit`, `invalid_marker`, `invalid_sort_key`, `invalid_sort_dir`, `marker_not_found`).',
  },
  Unauthorized: { status: 401, description: '`unauthorized`: no valid credentials.' },
  Forbidden: {
    status: 403,
    description:
      "`forbidden`: the caller's role does not allow it, or a non-admin sent `X-Auth-Sudo-Project-ID` or all-projects.",
  },
  NotAcceptable: {
    status: 406,
    description: '`not_acceptable`: the `Accept` header rules out what the operation serves.',
  },
  RequestTooLarge: {
    status: 413,
    description: '`request_too_large`: the body is over the limit; `over_quota` where a quota applies.',
  },
  UnsupportedMediaType: {
    status: 415,
    description: '`unsupported_content_type`: a body of another content type (or encoding, or charset).',
  },
  TooManyRequests: {
    status: 429,
    description: '`over_rate_limit`: more than `RATE_LIMIT_PER_MINUTE` requests; see `Retry-After`.',
  },
  InternalError: {
    status: 500,
    description: '`unknown`: an unexpected error, logged with the request id.',
  },
  ServiceUnavailable: {
    status: 503,
    description:
      '`service_unavailable`: the database (or Keystone) does not answer; retry after `Retry-After` seconds.',
  },
};

const LEGACY_ACCESS_DENIED: ResponseObject = {
  description: 'Missing or invalid credentials: the plain-text body `Access Denied` (the legacy contract).',
  content: { 'text/plain': { schema: { type: 'string', enum: ['Access Denied'] } } },
};

const SHARED_PARAMETERS: Record<string, ParameterObject> = {
  AuthSudoProjectId: {
    name: 'X-Auth-Sudo-Project-ID',
    in: 'header',
    required: false,
    description: 'Admins only: act as this project (403 for anyone else).',
    schema: { type: 'string', maxLength: 255 },
  },
  AuthAllProjects: {
    name: 'X-Auth-All-Projects',
    in: 'header',
    required: false,
    description: "Admins only: `true` sees every project's resources (403 for anyone else).",
    schema: { type: 'string', enum: ['true', 'false'] },
  },
  AllProjects: {
    name: 'all_projects',
    in: 'query',
    required: false,
    description: 'The same as `X-Auth-All-Projects` (admins only).',
    schema: { type: 'string', enum: ['true', 'false'] },
  },
};

/** The legacy interface (`/domains`, `/v1`): its own error bodies, as the exception filter renders them. */
const isLegacyPath = (path: string) => /^\/(domains|v1)(\/|$)/.test(path);
const WITH_BODY = new Set(['post', 'put', 'patch']);
const ref = (kind: 'responses' | 'parameters', name: string): ReferenceObject => ({
  $ref: `#/components/${kind}/${name}`,
});
/** Operations listed under several paths get `Name[0]`, `Name[1]`: the first path keeps the name. */
const ALIAS_SUFFIX = /\[(\d+)\]$/;

/**
 * What applies to every operation, added once here rather than on each handler: the shared error
 * answers, the admin context headers, `security: []` for public operations, UUID path ids, closed
 * bodies (the API refuses unknown keys and renders exactly the fields documented).
 */
function completeOperations(document: OpenAPIObject): void {
  const components = (document.components ??= {});
  components.responses = {};
  for (const [name, { description }] of Object.entries(SHARED_RESPONSES)) {
    components.responses[name] = errorResponse(description, ErrorBody);
    components.responses[`Legacy${name}`] = errorResponse(description, LegacyErrorBody);
  }
  components.responses.LegacyUnauthorized = LEGACY_ACCESS_DENIED;
  components.parameters = { ...SHARED_PARAMETERS };

  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (operation) completeOperation(path, method, operation);
    }
  }
  for (const schema of Object.values(components.schemas ?? {})) {
    if ('type' in schema && schema.type === 'object' && schema.additionalProperties === undefined)
      schema.additionalProperties = false;
  }
}

function completeOperation(path: string, method: string, operation: OperationObject): void {
  const extensions = operation as OperationObject & Record<string, unknown>;
  const isPublic = extensions[PUBLIC_OPERATION] === true;
  delete extensions[PUBLIC_OPERATION];
  if (isPublic) operation.security = [];
  if (extensions[REQUEST_BODY]) operation.requestBody = extensions[REQUEST_BODY] as RequestBodyObject;
  delete extensions[REQUEST_BODY];
  const alias = ALIAS_SUFFIX.exec(operation.operationId ?? '');
  if (alias) {
    const base = (operation.operationId as string).replace(ALIAS_SUFFIX, '');
    operation.operationId = alias[1] === '0' ? base : `${base}Alias${alias[1]}`;
  }

  const shared = ['BadRequest', 'NotAcceptable', 'InternalError'];
  if (!isPublic) shared.push('Unauthorized', 'Forbidden', 'TooManyRequests', 'ServiceUnavailable');
  if (WITH_BODY.has(method)) shared.push('RequestTooLarge', 'UnsupportedMediaType');
  const prefix = isLegacyPath(path) ? 'Legacy' : '';
  for (const name of shared) {
    const status = String(SHARED_RESPONSES[name].status);
    operation.responses[status] ??= ref('responses', `${prefix}${name}`);
  }
  operation.responses = Object.fromEntries(
    Object.entries(operation.responses).sort(([a], [b]) => a.localeCompare(b)),
  );

  const parameters = (operation.parameters ??= []);
  for (const parameter of parameters) {
    if ('$ref' in parameter || parameter.in !== 'path') continue;
    // Every v2 `*_id` in a path is a UUID (UuidPipe), but a project's id (any string: Keystone's, noauth's);
    // the legacy interface takes any id (a non-UUID is a missing domain).
    if (parameter.name.endsWith('_id') && parameter.name !== 'project_id' && !isLegacyPath(path))
      parameter.schema = { type: 'string', format: 'uuid' };
  }
  if (!isPublic) {
    parameters.push(ref('parameters', 'AuthSudoProjectId'), ref('parameters', 'AuthAllProjects'));
    if (method === 'get') parameters.push(ref('parameters', 'AllProjects'));
  }
}

function errorResponse(description: string, body: typeof ErrorBody | typeof LegacyErrorBody): ResponseObject {
  return { description, content: { 'application/json': { schema: { $ref: getSchemaPath(body) } } } };
}

/**
 * The OpenAPI 3 description, generated from the controllers, their DTOs and the response classes beside
 * the views, then completed (completeOperations). `npm run openapi` writes it to openapi.json and the
 * client types generated from it (committed; a test fails when either is stale); the gateway serves it at
 * /docs.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Zonewarden')
    .setDescription(DESCRIPTION)
    .setVersion('2.4')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Auth-Token' }, 'token')
    .addSecurityRequirements('token')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
    extraModels: [ErrorBody, LegacyErrorBody, SelfLink, ZoneLinks, CollectionLinks, CollectionMetadata],
  });
  completeOperations(document);
  return document;
}

/** Serves the browsable UI at /docs and the document at /docs-json. */
export function serveOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'docs-json' });
}

/** The committed form: stable key order as generated, two-space indentation, final newline. */
export function openApiText(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
