import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
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
import { ApiErrors, ApiSuccess } from '../openapi/api-docs';
import { DnssecChangeView, DnssecView, renderDnssec, renderDs } from './dnssec.view';

const ZONE_NOT_FOUND = "`zone_not_found`: no such zone, or another project's.";

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
  @ApiOperation({
    summary: "Show a zone's DNSSEC",
    description: 'Keys (public parts), DS records for the parent, CDS/CDNSKEY.',
  })
  @ApiOkResponse({ description: "The zone's DNSSEC.", type: DnssecView })
  @ApiErrors({ 404: ZONE_NOT_FOUND })
  async get(@Auth() auth: AuthContext, @ZoneId() id: string, @Req() req: Request) {
    return renderDnssec(await this.dnssec.get(auth, id), this.base(req));
  }

  /**
   * Enables or disables signing. Disabling answers `removed_ds_records`: the DS records the parent must
   * not hold any more (they should be gone from it, and from caches, before signing is turned off).
   */
  @Put('dnssec')
  @ApiOperation({
    summary: 'Sign or unsign a zone',
    description: 'Asking for what is already so answers 200 unchanged. Either change bumps the serial once.',
  })
  @ApiBody({
    type: ConfigureDnssecDto,
    examples: {
      enable: { summary: 'Sign with ECDSA P-256', value: { enabled: true, algorithm: 'ECDSAP256SHA256' } },
      disable: { summary: 'Remove signatures and keys', value: { enabled: false } },
    },
  })
  @ApiOkResponse({ description: "The zone's DNSSEC, with `removed_ds_records`.", type: DnssecChangeView })
  @ApiErrors({
    403: '`forbidden`: a reader, or a project the zone is only shared with.',
    404: ZONE_NOT_FOUND,
    409: '`dnssec_conflict`: another algorithm on a signed zone, or a SECONDARY zone.',
    503: '`dnssec_not_configured`: no `DNSSEC_KEY_ENCRYPTION_KEYS`.',
  })
  async configure(
    @Auth() auth: AuthContext,
    @ZoneId() id: string,
    @Body(new ObjectBodyPipe(ConfigureDnssecDto, 'dnssec')) dto: ConfigureDnssecDto,
    @Req() req: Request,
  ) {
    const algorithm = dto.algorithm === undefined ? undefined : ALGORITHMS[dto.algorithm];
    const status = await this.dnssec.configure(auth, id, { enabled: dto.enabled, algorithm }, req.requestId);
    const view: DnssecChangeView = {
      ...renderDnssec(status, this.base(req)),
      removed_ds_records: status.removedDsRecords.map(renderDs),
    };
    return view;
  }

  /** Starts a ZSK (pre-publication) or KSK (double-KSK) rollover; later steps follow on their own. */
  @Post('tasks/dnssec_rollover')
  @HttpCode(202)
  @ApiOperation({
    summary: "Roll a zone's keys over",
    description: 'ZSK: pre-publication; KSK: double-KSK. Later steps follow on their own (zone-worker).',
  })
  @ApiBody({
    type: DnssecRolloverDto,
    examples: { zsk: { summary: 'A ZSK rollover', value: { key_type: 'ZSK' } } },
  })
  @ApiSuccess({ status: 202, description: "The zone's DNSSEC, the new key listed.", type: DnssecView })
  @ApiErrors({
    403: '`forbidden`: a reader, or a project the zone is only shared with.',
    404: ZONE_NOT_FOUND,
    409: '`dnssec_not_enabled` (an unsigned zone), `dnssec_conflict` (a rollover of that kind under way).',
    503: '`dnssec_not_configured`: no `DNSSEC_KEY_ENCRYPTION_KEYS`.',
  })
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
