import { ApiOkResponse, ApiOperation, ApiSchema, ApiTags } from '@nestjs/swagger';
import { Controller, Get } from '@nestjs/common';
import { MAX_NAME_LENGTH } from '@zonewarden/dns';
import { QuotasService } from '@zonewarden/domain';
import { Auth, AuthContext } from '../auth/auth-context';
import { GatewayConfig } from '../config/gateway.config';
import { IntegerField } from '../openapi/api-schemas';

@ApiSchema({ name: 'Limits' })
class LimitsView {
  @IntegerField() max_zones!: number;
  @IntegerField() max_zone_recordsets!: number;
  @IntegerField() max_zone_records!: number;
  @IntegerField() max_recordset_records!: number;
  @IntegerField({ nullable: true, description: 'No minimum TTL: always null.' }) min_ttl!: number | null;
  @IntegerField({ example: 255 }) max_zone_name_length!: number;
  @IntegerField({ example: 255 }) max_recordset_name_length!: number;
  @IntegerField() max_page_limit!: number;
}

/**
 * Designate's `GET /v2/limits`: the caller's project's quotas, and the field limits. There is no
 * minimum TTL setting (Designate's `min_ttl` defaults to None): `min_ttl` is null.
 */
@ApiTags('limits')
@Controller('v2/limits')
export class LimitsController {
  constructor(
    private readonly config: GatewayConfig,
    private readonly quotas: QuotasService,
  ) {}

  @Get()
  @ApiOperation({
    summary: "Show the caller's limits",
    description: "The project's quotas and the field limits.",
  })
  @ApiOkResponse({ description: 'The limits.', type: LimitsView })
  async get(@Auth() auth: AuthContext): Promise<LimitsView> {
    const quotas = await this.quotas.get(auth, auth.projectId);
    return {
      max_zones: quotas.zones,
      max_zone_recordsets: quotas.zone_recordsets,
      max_zone_records: quotas.zone_records,
      max_recordset_records: quotas.recordset_records,
      min_ttl: null,
      max_zone_name_length: MAX_NAME_LENGTH,
      max_recordset_name_length: MAX_NAME_LENGTH,
      max_page_limit: this.config.MAX_PAGE_LIMIT,
    };
  }
}
