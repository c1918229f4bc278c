import { Type } from '@nestjs/common';
import {
  ApiProperty,
  ApiPropertyOptional,
  ApiPropertyOptions,
  ApiSchema,
  getSchemaPath,
} from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/**
 * The shapes every resource repeats (ids, timestamps, links, collections, errors), declared once for the
 * OpenAPI document. Each resource's own response class sits beside its view (`*.view.ts`), and the view
 * function returns that class's type, so a field rendered but not documented does not compile.
 */

/** Designate's timestamp: UTC, no zone designator, microseconds (`formatTimestamp`). */
export const TIMESTAMP_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}$';
const TIMESTAMP_EXAMPLE = '2026-01-02T03:04:05.678000';
const UUID_EXAMPLE = '1d7e3a58-2f0c-4d0e-9b59-4c3a1d1f7a21';

/** A required property; `nullable` ones are always present, null when unset. */
export const Field = (options: ApiPropertyOptions = {}) => ApiProperty(options);
/** A property that may be absent. */
export const OptionalField = (options: ApiPropertyOptions = {}) => ApiPropertyOptional(options);

export const IdField = (description?: string) =>
  ApiProperty({
    type: String,
    format: 'uuid',
    example: UUID_EXAMPLE,
    ...(description ? { description } : {}),
  });

export const NullableIdField = (description?: string) =>
  ApiProperty({ type: String, format: 'uuid', nullable: true, ...(description ? { description } : {}) });

export const TimestampField = (options: { nullable?: boolean; description?: string } = {}) =>
  ApiProperty({ type: String, pattern: TIMESTAMP_PATTERN, example: TIMESTAMP_EXAMPLE, ...options });

export const TextField = (options: { nullable?: boolean; description?: string; example?: string } = {}) =>
  ApiProperty({ type: String, ...options });

export const IntegerField = (options: { nullable?: boolean; description?: string; example?: number } = {}) =>
  ApiProperty({ type: 'integer', ...options });

/** A free-form JSON object (`stats`, `capabilities`, pool `attributes`). */
export const ObjectField = (description?: string) =>
  ApiProperty({ type: 'object', additionalProperties: true, ...(description ? { description } : {}) });

/** An object of strings (zone `attributes`). */
export const StringMapField = (options: { required?: boolean; description?: string } = {}) =>
  (options.required === false ? ApiPropertyOptional : ApiProperty)({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { tier: 'gold' },
    ...(options.description ? { description: options.description } : {}),
  });

const UrlField = (description: string) => ApiProperty({ type: String, format: 'uri', description });

@ApiSchema({ name: 'SelfLink' })
export class SelfLink {
  @UrlField("This resource's URL.") self!: string;
}

@ApiSchema({ name: 'ZoneLinks' })
export class ZoneLinks {
  @UrlField("This resource's URL.") self!: string;
  @UrlField("The zone's URL.") zone!: string;
}

@ApiSchema({ name: 'CollectionLinks' })
export class CollectionLinks {
  @UrlField('The request as made.') self!: string;
  @ApiPropertyOptional({
    type: String,
    format: 'uri',
    description: 'The next page (the last id as `marker`), present only when more items exist.',
  })
  next?: string;
}

@ApiSchema({ name: 'CollectionMetadata' })
export class CollectionMetadata {
  @IntegerField({ description: 'How many items the filtered collection holds.' }) total_count!: number;
}

/**
 * A v2 collection: `{<name>: [...], links, metadata?}`. `metadata` is left out with
 * `OpenStack-DNS-Hide-Counts: true` and for a filtered collection of more than 10,000 items; `counted: false`
 * collections never have it (Designate counts only some).
 */
export function collectionSchema(name: string, item: Type<unknown>, counted = true): SchemaObject {
  return {
    type: 'object',
    required: [name, 'links'],
    additionalProperties: false,
    properties: {
      [name]: { type: 'array', items: { $ref: getSchemaPath(item) } },
      links: { $ref: getSchemaPath(CollectionLinks) },
      ...(counted ? { metadata: { $ref: getSchemaPath(CollectionMetadata) } } : {}),
    },
  };
}

@ApiSchema({ name: 'ValidationProblem', description: 'One problem of a body, Designate-style.' })
export class ValidationProblem {
  @ApiProperty({
    type: 'array',
    items: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
    description: 'Where: the field, and the index within a list (`["records", 1]`).',
    example: ['ttl'],
  })
  path!: (string | number)[];
  @TextField({ example: 'ttl must be an integer' }) message!: string;
  @TextField({
    description:
      'The JSON-schema keyword that failed (`type`, `maximum`, `required`, …); `rules`: a batch action breaking a record set rule; `conflict`: a record set a revert would undo changed since.',
  })
  validator!: string;
  @ApiPropertyOptional({ type: 'integer', description: "A batch's failing action: its index in `changes`." })
  index?: number;
  @ApiPropertyOptional({
    type: String,
    description: "A batch action's refusal, as its own error type (`duplicate_recordset`).",
  })
  code?: string;
}

@ApiSchema({ name: 'RevertConflict', description: 'A record set a revert would undo, which changed since.' })
export class RevertConflictView {
  @TextField() name!: string;
  @TextField() type!: string;
  @ApiProperty({
    type: 'object',
    nullable: true,
    additionalProperties: true,
    description: 'As the change left it.',
  })
  expected!: object | null;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true, description: 'As it is now.' })
  current!: object | null;
}

@ApiSchema({ name: 'ValidationProblems' })
export class ValidationProblems {
  @ApiProperty({ type: [ValidationProblem] }) errors!: ValidationProblem[];
  @ApiPropertyOptional({ type: [RevertConflictView] }) conflicts?: RevertConflictView[];
}

const REQUEST_ID_PATTERN = '^req-[0-9a-f-]{36}$';

/** `{code, type, message, request_id[, errors]}`: every error of the v2 API. */
@ApiSchema({ name: 'Error', description: "Designate's error body." })
export class ErrorBody {
  @IntegerField({ description: 'The HTTP status.', example: 404 }) code!: number;
  @TextField({ description: 'What went wrong, as Designate names it.', example: 'zone_not_found' })
  type!: string;
  @TextField({ example: 'Could not find Zone' }) message!: string;
  @ApiProperty({ type: String, pattern: REQUEST_ID_PATTERN, example: `req-${UUID_EXAMPLE}` })
  request_id!: string;
  @ApiPropertyOptional({ type: ValidationProblems, description: 'Validation errors, one per field.' })
  errors?: ValidationProblems;
}

@ApiSchema({ name: 'LegacyValidationProblem' })
export class LegacyValidationProblem {
  @TextField({ description: 'Dotted: `records.1`.', example: 'ttl' }) path!: string;
  @TextField() message!: string;
  @TextField() validator!: string;
}

/** The legacy interface's errors: `domain` for `zone` in the type, a flat list of problems. */
@ApiSchema({ name: 'LegacyError', description: "Designate v1's error body." })
export class LegacyErrorBody {
  @IntegerField({ example: 404 }) code!: number;
  @TextField({ example: 'domain_not_found' }) type!: string;
  @TextField() message!: string;
  @ApiProperty({ type: String, pattern: REQUEST_ID_PATTERN }) request_id!: string;
  @ApiPropertyOptional({ type: [LegacyValidationProblem] }) errors?: LegacyValidationProblem[];
}
