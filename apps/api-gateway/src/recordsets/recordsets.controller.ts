import {
  ApiBody,
  ApiHeader,
  ApiMovedPermanentlyResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Req,
  Res,
  applyDecorators,
} from '@nestjs/common';
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
import { ApiCollection, ApiErrors, ApiSuccess } from '../openapi/api-docs';
import { RecordSetView, recordSetUrl, renderRecordSet } from './recordset.view';

const UPDATE_BODY = new ObjectBodyPipe(UpdateRecordSetDto, 'recordset');
const ZoneId = () => Param('zone_id', new UuidPipe('zone_id'));
const RecordSetId = () => Param('recordset_id', new UuidPipe('recordset_id'));

const ZONE_NOT_FOUND = "`zone_not_found`: no such zone, or another project's.";
const NOT_FOUND = `${ZONE_NOT_FOUND} \`recordset_not_found\`: no such record set in the zone.`;
const WRITE_FORBIDDEN =
  "`forbidden`: a reader; another project's record set in a shared zone; a SECONDARY zone's record sets (admins only); the edit-managed flag from a non-admin.";

/** `X-Designate-Edit-Managed-Records` and its query form, on every change. */
const EditManaged = () =>
  applyDecorators(
    ApiHeader({
      name: 'X-Designate-Edit-Managed-Records',
      required: false,
      description: 'Admins only: `true` allows changing managed record sets (the apex NS).',
      schema: { type: 'string', enum: ['true', 'false'] },
    }),
    ApiQuery({
      name: 'edit_managed_records',
      required: false,
      description: 'The same as `X-Designate-Edit-Managed-Records`.',
      schema: { type: 'string', enum: ['true', 'false'] },
    }),
  );

const CREATE_EXAMPLES = {
  a: {
    summary: 'An A record set',
    value: { name: 'www.example.com.', type: 'A', records: ['192.0.2.1'], ttl: 300 },
  },
  txt: {
    summary: 'A TXT record set (data quoted)',
    value: { name: 'example.com.', type: 'TXT', records: ['"v=spf1 -all"'], description: 'SPF' },
  },
  mx: {
    summary: 'An MX record set',
    value: { name: 'example.com.', type: 'MX', records: ['10 mail.example.com.'] },
  },
};

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
  @ApiOperation({
    summary: 'Create a record set',
    description: "Bumps the zone's serial and propagates; the record set is `PENDING` until confirmed.",
  })
  @EditManaged()
  @ApiBody({ type: CreateRecordSetDto, examples: CREATE_EXAMPLES })
  @ApiSuccess({
    status: 201,
    designateStatus: 202,
    description: 'The record set, being created.',
    type: RecordSetView,
    location: true,
  })
  @ApiErrors({
    400: "`invalid_object` (the body, a record's data), `invalid_recordset_location` (outside the zone, in a child zone), `bad_request` (CNAME rules, SOA, SRV/TLSA names, a deleting zone).",
    403: WRITE_FORBIDDEN,
    404: ZONE_NOT_FOUND,
    409: '`duplicate_recordset`: one of that name and type exists.',
    413: '`over_quota`: `zone_recordsets`, `zone_records` or `recordset_records`.',
  })
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
  @ApiOperation({ summary: "List a zone's record sets" })
  @ApiCollection(RECORDSET_COLLECTION, 'recordsets', RecordSetView)
  @ApiErrors({ 404: ZONE_NOT_FOUND })
  async listInZone(@Auth() auth: AuthContext, @ZoneId() zoneId: string, @Req() req: Request) {
    return this.list(auth, zoneId, req);
  }

  @Get('zones/:zone_id/recordsets/:recordset_id')
  @ApiOperation({ summary: 'Show a record set' })
  @ApiOkResponse({ description: 'The record set.', type: RecordSetView })
  @ApiErrors({ 404: NOT_FOUND })
  async get(
    @Auth() auth: AuthContext,
    @ZoneId() zoneId: string,
    @RecordSetId() id: string,
    @Req() req: Request,
  ) {
    return renderRecordSet(await this.recordSets.get(auth, id, zoneId), this.base(req));
  }

  @Put('zones/:zone_id/recordsets/:recordset_id')
  @ApiOperation({
    summary: 'Update a record set',
    description:
      '`records` replaces the set; `name` and `type` may only be repeated unchanged. The SOA and apex NS are refused.',
  })
  @EditManaged()
  @ApiBody({
    type: UpdateRecordSetDto,
    examples: { records: { summary: 'New records and TTL', value: { records: ['192.0.2.2'], ttl: 600 } } },
  })
  @ApiSuccess({
    status: 200,
    designateStatus: 202,
    description: 'The updated record set.',
    type: RecordSetView,
  })
  @ApiErrors({
    400: '`invalid_object` (the body), `bad_request` (the SOA, the apex NS, a deleting zone).',
    403: WRITE_FORBIDDEN,
    404: NOT_FOUND,
    413: '`over_quota`: `zone_records` or `recordset_records`.',
  })
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
  @ApiOperation({
    summary: 'Delete a record set',
    description: 'Asynchronous: `action: DELETE` until the next serial is propagated.',
  })
  @EditManaged()
  @ApiSuccess({ status: 202, description: 'The record set, being deleted.', type: RecordSetView })
  @ApiErrors({
    400: '`bad_request`: the SOA, or a managed record set without the flag.',
    403: WRITE_FORBIDDEN,
    404: NOT_FOUND,
  })
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
  @ApiOperation({ summary: 'List record sets of every zone', description: 'Of every zone the caller sees.' })
  @ApiCollection(RECORDSET_COLLECTION, 'recordsets', RecordSetView)
  async listAll(@Auth() auth: AuthContext, @Req() req: Request) {
    return this.list(auth, null, req);
  }

  /** Designate answers with a redirect to the zone-scoped URL. */
  @Get('recordsets/:recordset_id')
  @ApiOperation({
    summary: 'Find a record set by id',
    description: 'A redirect to its URL under its zone, as Designate answers.',
  })
  @ApiMovedPermanentlyResponse({
    description: "Moved to the record set's URL; the body is a note for people (none for a JSON `Accept`).",
    headers: {
      Location: { description: "The record set's URL.", schema: { type: 'string', format: 'uri' } },
    },
    content: { 'text/plain': { schema: { type: 'string' } }, 'text/html': { schema: { type: 'string' } } },
  })
  @ApiErrors({ 404: '`recordset_not_found`: no such record set the caller sees.' })
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
