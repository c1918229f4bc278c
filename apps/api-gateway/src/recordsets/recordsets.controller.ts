import { ApiBody, ApiTags } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { RecordSetsService, WriteOptions } from '@zonewarden/domain';
import { RECORDSET_COLLECTION } from '@zonewarden/persistence';
import { Auth, AuthContext } from '../auth/auth-context';
import { collectionBody, collectionLinks } from '../collections/collection-links';
import { collectionOptions, parseCollectionQuery } from '../collections/collection-query';
import { baseUrl } from '../common/http/base-url';
import { ObjectBodyPipe } from '../common/http/object-body.pipe';
import { UuidPipe } from '../common/http/uuid.pipe';
import { successStatus } from '../common/http/success-status';
import { GatewayConfig } from '../config/gateway.config';
import { CreateRecordSetDto } from './dto/create-recordset.dto';
import { UpdateRecordSetDto } from './dto/update-recordset.dto';
import { recordSetUrl, renderRecordSet } from './recordset.view';

const UPDATE_BODY = new ObjectBodyPipe(UpdateRecordSetDto, 'recordset');
const ZoneId = () => Param('zone_id', new UuidPipe('zone_id'));
const RecordSetId = () => Param('recordset_id', new UuidPipe('recordset_id'));

function truthy(value: unknown): boolean {
  return typeof value === 'string' && ['true', '1', 'yes'].includes(value.toLowerCase());
}

/** `X-Designate-Edit-Managed-Records: true` (or `?edit_managed_records=true`) and the request id. */
function writeOptions(req: Request): WriteOptions {
  return {
    editManaged:
      truthy(req.headers['x-designate-edit-managed-records']) || truthy(req.query.edit_managed_records),
    requestId: req.requestId,
  };
}

@ApiTags('recordsets')
@Controller('v2')
export class RecordSetsController {
  constructor(
    private readonly config: GatewayConfig,
    private readonly recordSets: RecordSetsService,
  ) {}

  @Post('zones/:zone_id/recordsets')
  async create(
    @Auth() auth: AuthContext,
    @ZoneId() zoneId: string,
    @Body(new ObjectBodyPipe(CreateRecordSetDto, 'recordset')) dto: CreateRecordSetDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const recordSet = renderRecordSet(
      await this.recordSets.create(auth, zoneId, dto, writeOptions(req)),
      this.base(req),
    );
    res.status(successStatus(this.config, 'createRecordSet')).location(recordSet.links.self);
    return recordSet;
  }

  @Get('zones/:zone_id/recordsets')
  async listInZone(@Auth() auth: AuthContext, @ZoneId() zoneId: string, @Req() req: Request) {
    return this.list(auth, zoneId, req);
  }

  @Get('zones/:zone_id/recordsets/:recordset_id')
  async get(
    @Auth() auth: AuthContext,
    @ZoneId() zoneId: string,
    @RecordSetId() id: string,
    @Req() req: Request,
  ) {
    return renderRecordSet(await this.recordSets.get(auth, id, zoneId), this.base(req));
  }

  @Put('zones/:zone_id/recordsets/:recordset_id')
  @ApiBody({ type: UpdateRecordSetDto })
  async update(
    @Auth() auth: AuthContext,
    @ZoneId() zoneId: string,
    @RecordSetId() id: string,
    @Body() body: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    let dto: UpdateRecordSetDto;
    try {
      dto = UPDATE_BODY.transform(body);
    } catch (error) {
      // Designate refuses the SOA and the apex NS before it reads the body.
      await this.recordSets.checkUpdatable(auth, zoneId, id, writeOptions(req));
      throw error;
    }
    const recordSet = await this.recordSets.update(auth, zoneId, id, dto, writeOptions(req));
    res.status(successStatus(this.config, 'updateRecordSet'));
    return renderRecordSet(recordSet, this.base(req));
  }

  @Delete('zones/:zone_id/recordsets/:recordset_id')
  @HttpCode(202)
  async delete(
    @Auth() auth: AuthContext,
    @ZoneId() zoneId: string,
    @RecordSetId() id: string,
    @Req() req: Request,
  ) {
    return renderRecordSet(await this.recordSets.delete(auth, zoneId, id, writeOptions(req)), this.base(req));
  }

  /** Record sets of every zone the caller sees. */
  @Get('recordsets')
  async listAll(@Auth() auth: AuthContext, @Req() req: Request) {
    return this.list(auth, null, req);
  }

  /** Designate answers with a redirect to the zone-scoped URL. */
  @Get('recordsets/:recordset_id')
  async redirect(
    @Auth() auth: AuthContext,
    @RecordSetId() id: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const recordSet = await this.recordSets.get(auth, id);
    res.redirect(301, recordSetUrl(this.base(req), recordSet.zoneId, recordSet.id));
  }

  private async list(auth: AuthContext, zoneId: string | null, req: Request) {
    const limits = collectionOptions(this.config);
    const query = { ...req.query };
    delete query.edit_managed_records;
    const page = await this.recordSets.list(
      auth,
      zoneId,
      parseCollectionQuery(req, RECORDSET_COLLECTION, limits, query),
    );
    const base = this.base(req);
    return collectionBody(
      'recordsets',
      page.items.map((recordSet) => renderRecordSet(recordSet, base)),
      collectionLinks(req, page, this.config.API_PUBLIC_URL),
      page.totalCount,
    );
  }

  private base(req: Request): string {
    return baseUrl(req, this.config.API_PUBLIC_URL);
  }
}
