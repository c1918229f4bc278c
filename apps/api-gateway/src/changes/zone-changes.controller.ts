import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  BatchInput,
  ZoneBatchService,
  ZoneChangeEntry,
  ZoneHistoryService,
  ZoneTextService,
} from '@zonewarden/domain';
import { ZONE_HISTORY_COLLECTION } from '@zonewarden/persistence';
import { Auth, AuthContext } from '../auth/auth-context';
import { collectionBody, collectionLinks } from '../collections/collection-links';
import { collectionOptions, parseCollectionQuery } from '../collections/collection-query';
import { baseUrl } from '../common/http/base-url';
import { UuidPipe } from '../common/http/uuid.pipe';
import { GatewayConfig } from '../config/gateway.config';
import { successStatus } from '../common/http/success-status';
import { ApiCollection, ApiErrors, ApiSuccess } from '../openapi/api-docs';
import { BatchBodyPipe } from './dto/batch-body.pipe';
import { BatchDto } from './dto/batch.dto';
import { ZonefileBatchDto, ZonefileBatchView } from './dto/zonefile-batch.dto';
import { ObjectBodyPipe } from '../common/http/object-body.pipe';
import { ZoneChangeView, renderZoneChange } from './zone-change.view';

const ZoneId = () => Param('zone_id', new UuidPipe('zone_id'));
const ChangeId = () => Param('change_id', new UuidPipe('change_id'));
const ZONE_NOT_FOUND = '`zone_not_found`: no such zone, or one the caller does not see.';
const CHANGE_NOT_FOUND = `${ZONE_NOT_FOUND} \`zone_change_not_found\`: no such change, or one the caller does not see.`;
const BATCH_ERRORS = {
  400: "`invalid_object`: the batch's shape, or any action breaking a record set rule: `errors.errors` lists each failing action with its `index` (nothing is applied); `bad_request`: an empty batch, a SECONDARY zone, a deleting zone.",
  403: '`forbidden`: a reader.',
  404: ZONE_NOT_FOUND,
  413: '`over_quota`: the record set quotas, after the batch.',
};

/**
 * `/v2/zones/{zone_id}/changes` (Zonewarden's extension): the zone's history, atomic batches of record set
 * changes, and reverts.
 */
@ApiTags('zone history and batches')
@Controller('v2/zones/:zone_id/changes')
export class ZoneChangesController {
  constructor(
    private readonly config: GatewayConfig,
    private readonly history: ZoneHistoryService,
    private readonly batches: ZoneBatchService,
    private readonly texts: ZoneTextService,
  ) {}

  @Get()
  @ApiOperation({
    summary: "List a zone's changes",
    description:
      "Every change of the zone — who, when, from where, its serials and each record set before and after. The zone's project and admins see all of them; a project the zone is shared with, those it made.",
  })
  @ApiCollection(ZONE_HISTORY_COLLECTION, 'changes', ZoneChangeView)
  @ApiErrors({ 404: ZONE_NOT_FOUND })
  async list(@Auth() auth: AuthContext, @ZoneId() zoneId: string, @Req() req: Request) {
    const query = parseCollectionQuery(req, ZONE_HISTORY_COLLECTION, collectionOptions(this.config));
    const page = await this.history.list(auth, zoneId, query);
    const base = this.base(req);
    return collectionBody(
      'changes',
      page.items.map((entry) => renderZoneChange(entry, base)),
      collectionLinks(req, page, this.config.API_PUBLIC_URL),
      page.totalCount,
    );
  }

  @Get(':change_id')
  @ApiOperation({ summary: 'Show a change of a zone' })
  @ApiOkResponse({ description: 'The change.', type: ZoneChangeView })
  @ApiErrors({ 404: CHANGE_NOT_FOUND })
  async get(
    @Auth() auth: AuthContext,
    @ZoneId() zoneId: string,
    @ChangeId() id: string,
    @Req() req: Request,
  ) {
    return renderZoneChange(await this.history.get(auth, zoneId, id), this.base(req));
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Apply a batch of record set changes',
    description:
      'Up to 1,000 actions (CREATE what is absent, DELETE what is present, UPSERT either), applied in order, validated as a whole and applied in one transaction: one serial bump, one history entry, one propagation. The answer is the change, PENDING until every nameserver serves it.',
  })
  @ApiBody({
    type: BatchDto,
    examples: {
      batch: {
        summary: 'Three changes at once',
        value: {
          comment: 'Move www, add a TXT',
          changes: [
            { action: 'UPSERT', name: 'www.example.com.', type: 'A', ttl: 300, records: ['192.0.2.10'] },
            { action: 'CREATE', name: 'example.com.', type: 'TXT', records: ['"v=spf1 -all"'] },
            { action: 'DELETE', name: 'old.example.com.', type: 'CNAME' },
          ],
        },
      },
    },
  })
  @ApiSuccess({
    status: 201,
    designateStatus: 202,
    description: 'The change.',
    type: ZoneChangeView,
    location: true,
  })
  @ApiErrors(BATCH_ERRORS)
  async apply(
    @Auth() auth: AuthContext,
    @ZoneId() zoneId: string,
    @Body(new BatchBodyPipe()) batch: BatchInput,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.answer(await this.batches.apply(auth, zoneId, batch, req.requestId), req, res);
  }

  @Post('from_zonefile')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The batch that makes the zone a zonefile',
    description:
      'Compares a zonefile of the zone (its "edit as text") with its record sets and answers the batch that would make them the same — CREATE, UPSERT and DELETE actions — without applying it: show it, then send it to `POST …/changes` as one change. Whoever sees the zone may ask; the rules are checked when the batch is applied.',
  })
  @ApiBody({ type: ZonefileBatchDto })
  @ApiOkResponse({
    description: 'The batch, and how many record sets stay as they are.',
    type: ZonefileBatchView,
  })
  @ApiErrors({
    400: '`bad_request`: the zonefile does not parse (the message names the line and column); `invalid_object`: no `zonefile`.',
    404: ZONE_NOT_FOUND,
  })
  async fromZonefile(
    @Auth() auth: AuthContext,
    @ZoneId() zoneId: string,
    @Body(new ObjectBodyPipe(ZonefileBatchDto, 'zonefile')) body: ZonefileBatchDto,
  ): Promise<ZonefileBatchView> {
    const { changes, unchanged } = await this.texts.batchFrom(auth, zoneId, body.zonefile);
    return {
      changes: changes.map(({ action, name, type, ttl, records }) =>
        action === 'DELETE' ? { action, name, type } : { action, name, type, ttl: ttl ?? null, records },
      ),
      unchanged,
    };
  }

  @Post(':change_id/revert')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Revert a change',
    description:
      'A new change (source `revert`) that puts back each record set of the change as it was before it; refused (409, with the conflicting record sets) when any of them changed since.',
  })
  @ApiSuccess({
    status: 201,
    designateStatus: 202,
    description: 'The new change.',
    type: ZoneChangeView,
    location: true,
  })
  @ApiErrors({
    ...BATCH_ERRORS,
    400: "`bad_request`: a change of the service's own (import, transfer, DNSSEC, secondary) or of no record set.",
    404: CHANGE_NOT_FOUND,
    409: '`change_conflict`: record sets changed since; `errors.conflicts` lists them, expected and current.',
  })
  async revert(
    @Auth() auth: AuthContext,
    @ZoneId() zoneId: string,
    @ChangeId() id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.answer(await this.batches.revert(auth, zoneId, id, req.requestId), req, res);
  }

  private answer(entry: ZoneChangeEntry, req: Request, res: Response): ZoneChangeView {
    const view = renderZoneChange(entry, this.base(req));
    res.status(successStatus(this.config, 'createChange')).location(view.links.self);
    return view;
  }

  private base(req: Request): string {
    return baseUrl(req, this.config.API_PUBLIC_URL);
  }
}
