import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ExportsService } from '@zonewarden/domain';
import { EXPORT_COLLECTION } from '@zonewarden/persistence';
import { Auth, AuthContext } from '../auth/auth-context';
import { collectionBody, collectionLinks } from '../collections/collection-links';
import { collectionOptions, parseCollectionQuery } from '../collections/collection-query';
import { baseUrl } from '../common/http/base-url';
import { Serves } from '../common/http/content-negotiation';
import { ClientGone, drained } from '../common/http/drained';
import { UuidPipe } from '../common/http/uuid.pipe';
import { GatewayConfig } from '../config/gateway.config';
import { ApiCollection, ApiErrors, ApiSuccess } from '../openapi/api-docs';
import { ExportView, renderExport } from './export.view';

const ExportId = () => Param('export_id', new UuidPipe('export_id'));
const NOT_FOUND = "`zone_export_not_found`: no such export, or another project's.";
/** A download whose client takes nothing for this long is cut. */
const EXPORT_STALL_MS = 30_000;

@ApiTags('exports')
@Controller()
export class ExportsController {
  constructor(
    private readonly config: GatewayConfig,
    private readonly exports: ExportsService,
  ) {}

  @Post('v2/zones/:zone_id/tasks/export')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Export a zone',
    description:
      'zone-worker writes the zonefile; once the export is COMPLETE, `links.export` downloads it. No body.',
  })
  @ApiSuccess({ status: 202, description: 'The export, PENDING.', type: ExportView, location: true })
  @ApiErrors({
    403: '`forbidden`: a reader.',
    404: "`zone_not_found`: no such zone, or another project's.",
    413: '`over_quota`: the zone has more record sets than `api_export_size`.',
  })
  async create(
    @Auth() auth: AuthContext,
    @Param('zone_id', new UuidPipe('zone_id')) zoneId: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const view = renderExport(await this.exports.create(auth, zoneId, req.requestId), this.base(req));
    res.location(view.links.self);
    return view;
  }

  @Get('v2/zones/tasks/exports')
  @ApiOperation({ summary: 'List zone exports' })
  @ApiCollection(EXPORT_COLLECTION, 'exports', ExportView)
  async list(@Auth() auth: AuthContext, @Req() req: Request) {
    const limits = collectionOptions(this.config);
    const page = await this.exports.list(auth, parseCollectionQuery(req, EXPORT_COLLECTION, limits));
    const base = this.base(req);
    return collectionBody(
      'exports',
      page.items.map((record) => renderExport(record, base)),
      collectionLinks(req, page, this.config.API_PUBLIC_URL),
      page.totalCount,
    );
  }

  @Get('v2/zones/tasks/exports/:export_id')
  @ApiOperation({ summary: 'Show a zone export' })
  @ApiOkResponse({ description: 'The export.', type: ExportView })
  @ApiErrors({ 404: NOT_FOUND })
  async get(@Auth() auth: AuthContext, @ExportId() id: string, @Req() req: Request) {
    return renderExport(await this.exports.get(auth, id), this.base(req));
  }

  @Delete('v2/zones/tasks/exports/:export_id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a zone export', description: 'Its content URL then answers 404.' })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrors({ 404: NOT_FOUND })
  async delete(@Auth() auth: AuthContext, @ExportId() id: string): Promise<void> {
    await this.exports.delete(auth, id);
  }

  /** The zonefile, streamed as text/dns; any other Accept than text/dns or `*\/*` is 406. */
  @Get(['v2/zones/tasks/exports/:export_id/export', 'zones/tasks/exports/:export_id/export'])
  @Serves('text/dns')
  @ApiOperation({
    summary: "Download an export's zonefile",
    description:
      'Streamed: `$ORIGIN`, `$TTL`, the SOA, the NS records, then every record set. Also served at `/zones/tasks/exports/{export_id}/export`.',
  })
  @ApiResponse({
    status: 200,
    description: 'The zonefile.',
    content: { 'text/dns': { schema: { type: 'string' }, example: '$ORIGIN example.com.\n$TTL 3600\n…' } },
  })
  @ApiErrors({
    400: '`bad_request`: the export is not COMPLETE.',
    404: NOT_FOUND,
    406: '`not_acceptable`: an `Accept` other than text/dns or `*/*`.',
  })
  async content(@Auth() auth: AuthContext, @ExportId() id: string, @Res() res: Response): Promise<void> {
    let started = false;
    await this.exports
      .stream(auth, id, async (chunk) => {
        if (res.destroyed) throw new ClientGone('the client closed the connection');
        if (!started) {
          res.status(200).type('text/dns');
          started = true;
        }
        if (!res.write(chunk)) await drained(res, EXPORT_STALL_MS);
      })
      .catch((error: unknown) => {
        // A client that left or stopped reading: nothing to answer, and nothing is held for it.
        if (!(error instanceof ClientGone)) throw error;
        res.destroy();
      });
    if (res.destroyed) return;
    res.end();
  }

  private base(req: Request): string {
    return baseUrl(req, this.config.API_PUBLIC_URL);
  }
}
