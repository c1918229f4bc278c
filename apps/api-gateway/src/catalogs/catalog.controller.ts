import { ApiTags } from '@nestjs/swagger';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Req,
  Res,
  Type,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { CatalogService } from '@zonewarden/domain';
import { CatalogRecord } from '@zonewarden/persistence';
import { Auth, AuthContext } from '../auth/auth-context';
import { collectionBody, collectionLinks } from '../collections/collection-links';
import { collectionOptions, parseCollectionQuery } from '../collections/collection-query';
import { baseUrl } from '../common/http/base-url';
import { ObjectBodyPipe } from '../common/http/object-body.pipe';
import { UuidPipe } from '../common/http/uuid.pipe';
import { GatewayConfig } from '../config/gateway.config';
import { renderCatalogEntry } from './catalog.view';

/** One of Designate's admin catalogs (TLDs, blacklists), as the API serves it. */
export interface CatalogApi<R extends CatalogRecord> {
  /** `tlds`: the path under /v2, the collection's key and the OpenAPI tag. */
  collection: string;
  /** `tld`: named in invalid_object messages; `tld_id` in invalid_uuid ones. */
  resource: string;
  /** The value's field: `name`, `pattern`. */
  field: keyof R & string;
  service: Type<CatalogService<R>>;
  createDto: new () => object;
  updateDto: new () => object;
}

type Body = Record<string, unknown> & { description?: string | null };

/**
 * The controller of a catalog: POST 201 with Location, GET list (filter on the value, keyset pages)
 * and one, PATCH 200, DELETE 204 — Designate 15's codes for TLDs and blacklists alike.
 */
export function catalogController<R extends CatalogRecord>(api: CatalogApi<R>): Type<unknown> {
  const idParam = `${api.resource}_id`;
  const Id = () => Param(idParam, new UuidPipe(idParam));

  @ApiTags(api.collection)
  @Controller(`v2/${api.collection}`)
  class CatalogController {
    constructor(
      @Inject(api.service) private readonly catalog: CatalogService<R>,
      private readonly config: GatewayConfig,
    ) {}

    @Post()
    async create(
      @Auth() auth: AuthContext,
      @Body(new ObjectBodyPipe(api.createDto, api.resource)) dto: Body,
      @Req() req: Request,
      @Res({ passthrough: true }) res: Response,
    ) {
      const entry = await this.catalog.create(auth, dto[api.field] as string, dto.description ?? null);
      const view = this.render(entry, req);
      res.status(201).location(view.links.self);
      return view;
    }

    @Get()
    async list(@Auth() auth: AuthContext, @Req() req: Request) {
      const collection = this.catalog.collection;
      const page = await this.catalog.list(
        auth,
        parseCollectionQuery(req, collection, collectionOptions(this.config)),
      );
      return collectionBody(
        api.collection,
        page.items.map((entry) => this.render(entry, req)),
        collectionLinks(req, page, this.config.API_PUBLIC_URL),
        page.totalCount,
      );
    }

    @Get(`:${idParam}`)
    async get(@Auth() auth: AuthContext, @Id() id: string, @Req() req: Request) {
      return this.render(await this.catalog.get(auth, id), req);
    }

    @Patch(`:${idParam}`)
    async update(
      @Auth() auth: AuthContext,
      @Id() id: string,
      @Body(new ObjectBodyPipe(api.updateDto, api.resource)) dto: Body,
      @Req() req: Request,
    ) {
      const changes = { value: dto[api.field] as string | undefined, description: dto.description };
      return this.render(await this.catalog.update(auth, id, changes), req);
    }

    @Delete(`:${idParam}`)
    @HttpCode(204)
    async delete(@Auth() auth: AuthContext, @Id() id: string): Promise<void> {
      await this.catalog.delete(auth, id);
    }

    private render(entry: R, req: Request) {
      const collectionUrl = `${baseUrl(req, this.config.API_PUBLIC_URL)}/v2/${api.collection}`;
      return renderCatalogEntry(entry, api.field, collectionUrl);
    }
  }
  return CatalogController;
}
