import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** PATCH /v2/quotas/{project_id}: any of Designate's resources; -1 means unlimited. */
export class UpdateQuotasDto {
  @IsOptional() @IsInt() @Min(-1) @Max(2147483647) zones?: number;
  @IsOptional() @IsInt() @Min(-1) @Max(2147483647) zone_recordsets?: number;
  @IsOptional() @IsInt() @Min(-1) @Max(2147483647) zone_records?: number;
  @IsOptional() @IsInt() @Min(-1) @Max(2147483647) recordset_records?: number;
  @IsOptional() @IsInt() @Min(-1) @Max(2147483647) api_export_size?: number;
}
