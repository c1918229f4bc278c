import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { DnssecService } from '@zonewarden/domain';
import { DnssecAlgorithm } from '@zonewarden/dns';
import { Auth, AuthContext } from '../auth/auth-context';
import { baseUrl } from '../common/http/base-url';
import { ObjectBodyPipe } from '../common/http/object-body.pipe';
import { UuidPipe } from '../common/http/uuid.pipe';
import { GatewayConfig } from '../config/gateway.config';
import { ConfigureDnssecDto, DnssecRolloverDto } from './dto/configure-dnssec.dto';
import { renderDnssec, renderDs } from './dnssec.view';

const ZoneId = () => Param('zone_id', new UuidPipe('zone_id'));
const ALGORITHMS: Record<string, DnssecAlgorithm> = {
  13: 'ECDSAP256SHA256',
  15: 'ED25519',
  ECDSAP256SHA256: 'ECDSAP256SHA256',
  ED25519: 'ED25519',
};

/** Per-zone DNSSEC (docs/dnssec.md): signing on or off, keys' public parts, DS records, rollovers. */
@ApiTags('dnssec')
@Controller('v2/zones/:zone_id')
export class DnssecController {
  constructor(
    private readonly config: GatewayConfig,
    private readonly dnssec: DnssecService,
  ) {}

  @Get('dnssec')
  async get(@Auth() auth: AuthContext, @ZoneId() id: string, @Req() req: Request) {
    return renderDnssec(await this.dnssec.get(auth, id), this.base(req));
  }

  /**
   * Enables or disables signing. Disabling answers `removed_ds_records`: the DS records the parent must
   * not hold any more (they should be gone from it, and from caches, before signing is turned off).
   */
  @Put('dnssec')
  async configure(
    @Auth() auth: AuthContext,
    @ZoneId() id: string,
    @Body(new ObjectBodyPipe(ConfigureDnssecDto, 'dnssec')) dto: ConfigureDnssecDto,
    @Req() req: Request,
  ) {
    const algorithm = dto.algorithm === undefined ? undefined : ALGORITHMS[dto.algorithm];
    const status = await this.dnssec.configure(auth, id, { enabled: dto.enabled, algorithm }, req.requestId);
    return {
      ...renderDnssec(status, this.base(req)),
      removed_ds_records: status.removedDsRecords.map(renderDs),
    };
  }

  /** Starts a ZSK (pre-publication) or KSK (double-KSK) rollover; later steps follow on their own. */
  @Post('tasks/dnssec_rollover')
  @HttpCode(202)
  async rollover(
    @Auth() auth: AuthContext,
    @ZoneId() id: string,
    @Body(new ObjectBodyPipe(DnssecRolloverDto, 'dnssec_rollover')) dto: DnssecRolloverDto,
    @Req() req: Request,
  ) {
    return renderDnssec(await this.dnssec.rollover(auth, id, dto.key_type, req.requestId), this.base(req));
  }

  private base(req: Request): string {
    return baseUrl(req, this.config.API_PUBLIC_URL);
  }
}
