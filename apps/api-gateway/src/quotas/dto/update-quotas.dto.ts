import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min, ValidateIf } from 'class-validator';

/** A quota is absent (unchanged) or an integer -1 … 2^31-1, never null: `@IsOptional` would let null through. */
const QuotaLimit = () =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: -1, maximum: 2147483647, description: '-1: unlimited.' }),
    ValidateIf((_, value) => value !== undefined),
    IsInt(),
    Min(-1),
    Max(2147483647),
  );

/** PATCH /v2/quotas/{project_id}: any of Designate's resources; -1 means unlimited. */
export class UpdateQuotasDto {
  @QuotaLimit() zones?: number;
  @QuotaLimit() zone_recordsets?: number;
  @QuotaLimit() zone_records?: number;
  @QuotaLimit() recordset_records?: number;
  @QuotaLimit() api_export_size?: number;
}
