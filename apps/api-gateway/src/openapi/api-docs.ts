import { Type, applyDecorators } from '@nestjs/common';
import {
  ApiExtension,
  ApiExtraModels,
  ApiHeader,
  ApiQuery,
  ApiResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type {
  ParameterObject,
  RequestBodyObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import type { CollectionSpec, FilterSpec } from '@zonewarden/persistence';
import { ErrorBody, LegacyErrorBody, collectionSchema } from './api-schemas';

/** Marks an operation anyone may call: openapi.ts gives it `security: []` and no 401/403/503. */
export const PUBLIC_OPERATION = 'x-zonewarden-public';
export const ApiPublic = () => ApiExtension(PUBLIC_OPERATION, true);

/** Carries a request body with a schema per media type (ApiBody gives every type one schema) to openapi.ts. */
export const REQUEST_BODY = 'x-zonewarden-request-body';
export const ApiRequestBody = (body: RequestBodyObject) => ApiExtension(REQUEST_BODY, body);

/**
 * The errors an operation gives besides those every operation may give (openapi.ts adds 400, 401, 403,
 * 406, 413/415 for bodies, 429, 500, 503): status → when, with Designate's `type`s.
 */
export function ApiErrors(errors: Record<number, string>, body: Type<unknown> = ErrorBody): MethodDecorator {
  return applyDecorators(
    ...Object.entries(errors).map(([status, description]) =>
      ApiResponse({ status: Number(status), description, schema: { $ref: getSchemaPath(body) } }),
    ),
  );
}

/** The legacy interface's errors (`domain_not_found`, a flat `errors` list). */
export const ApiLegacyErrors = (errors: Record<number, string>) => ApiErrors(errors, LegacyErrorBody);

/**
 * A success answer whose status `DESIGNATE_STATUS_CODES=true` changes (docs/api-behaviour.md): both are
 * documented, the same body under each.
 */
export function ApiSuccess(
  options: { status: number; designateStatus?: number; description: string; location?: boolean } & (
    { type: Type<unknown> } | { schema: SchemaObject }
  ),
): MethodDecorator {
  const schema = 'type' in options ? { $ref: getSchemaPath(options.type) } : options.schema;
  const models = 'type' in options ? [ApiExtraModels(options.type)] : [];
  const { status, designateStatus, description } = options;
  const headers = options.location
    ? { Location: { description: "The resource's URL.", schema: { type: 'string', format: 'uri' } } }
    : undefined;
  const responses = [ApiResponse({ status, description, schema, headers })];
  if (designateStatus !== undefined && designateStatus !== status) {
    responses.push(
      ApiResponse({
        status: designateStatus,
        description: `${description} (with \`DESIGNATE_STATUS_CODES=true\`: ${designateStatus} instead of ${status}, as Designate answers)`,
        schema,
        headers,
      }),
    );
  }
  return applyDecorators(...models, ...responses);
}

const FILTER_DESCRIPTIONS: Record<FilterSpec['kind'], string> = {
  text: 'Exact match; `*` is a wildcard.',
  name: 'Exact match on the name (with its final dot); `*` is a wildcard.',
  int: 'An integer, exact match.',
  enum: 'One of the values (with `DESIGNATE_STATUS_CODES=true` another value matches nothing; else 400).',
  records: 'Matches a record set any of whose records matches; `*` is a wildcard.',
  serial: 'A serial (0 to 4294967295), exact match.',
  since: 'A UTC timestamp (`YYYY-MM-DDTHH:MM:SS[.ffffff]`): what was made at or after it.',
};

function filterSchema(filter: FilterSpec): SchemaObject {
  if (filter.kind === 'int') return { type: 'integer', minimum: -2147483648, maximum: 2147483647 };
  if (filter.kind === 'enum') return { type: 'string', enum: [...(filter.values ?? [])] };
  if (filter.kind === 'serial') return { type: 'integer', minimum: 0, maximum: 4294967295 };
  return { type: 'string' };
}

const query = (name: string, description: string, schema: SchemaObject) =>
  ApiQuery({ name, required: false, description, schema });

/**
 * A collection's GET: its query parameters, read from the same CollectionSpec the gateway parses them
 * with (paging, sorting, every filter), and its body `{<name>: [item], links[, metadata]}`.
 */
export function ApiCollection(
  spec: CollectionSpec,
  name: string,
  item: Type<unknown>,
  options: { counted?: boolean; description?: string } = {},
): MethodDecorator {
  const counted = options.counted ?? !spec.uncounted;
  const sortKeys = Object.keys(spec.sortKeys);
  return applyDecorators(
    ApiExtraModels(item),
    ApiResponse({
      status: 200,
      description: options.description ?? `A page of ${name}.`,
      schema: collectionSchema(name, item, counted),
    }),
    query('limit', 'Items per page: 1 up to the maximum (larger values are clamped), or `max`.', {
      oneOf: [
        { type: 'integer', minimum: 1 },
        { type: 'string', enum: ['max'] },
      ],
    }),
    query('marker', 'The id of the last item of the previous page (`links.next` carries it).', {
      type: 'string',
      format: 'uuid',
    }),
    query('sort_key', 'The field to sort by.', {
      type: 'string',
      enum: sortKeys,
      default: spec.defaultSortKey,
    }),
    query('sort_dir', 'The sort direction.', { type: 'string', enum: ['asc', 'desc'], default: 'asc' }),
    ...Object.entries(spec.filters).map(([key, filter]) =>
      query(key, FILTER_DESCRIPTIONS[filter.kind], filterSchema(filter)),
    ),
    ...(counted
      ? [
          ApiHeader({
            name: 'OpenStack-DNS-Hide-Counts',
            required: false,
            description: '`true`: the page has no `metadata.total_count` (the collection is not counted).',
            schema: { type: 'string', enum: ['true', 'false'] },
          } as ParameterObject),
        ]
      : []),
  );
}
