import { ApiBody, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
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
import { CatalogRecord, CollectionSpec } from '@zonewarden/persistence';
import { Auth, AuthContext } from '../auth/auth-context';
import { collectionBody, collectionLinks } from '../collections/collection-links';
import { collectionOptions, parseCollectionQuery } from '../collections/collection-query';
import { baseUrl } from '../common/http/base-url';
import { ObjectBodyPipe } from '../common/http/object-body.pipe';
import { UuidPipe } from '../common/http/uuid.pipe';
import { GatewayConfig } from '../config/gateway.config';
import { ApiCollection, ApiErrors, ApiSuccess } from '../openapi/api-docs';
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
  /** For the OpenAPI document: the collection's query parameters, its entry's class, what it is called. */
  spec: CollectionSpec;
  view: Type<unknown>;
  title: string;
  titles: string;
}

type Body = Record<string, unknown> & { description?: string | null };

/**
 * The controller of a catalog: POST 201 with Location, GET list (filter on the value, keyset pages)
 * and one, PATCH 200, DELETE 204 — Designate 15's codes for TLDs and blacklists alike.
 */
export function catalogController<R extends CatalogRecord>(api: CatalogApi<R>): Type<unknown> {
  const idParam = `${api.resource}_id`;
  const Id = () => Param(idParam, new UuidPipe(idParam));
  const NOT_FOUND = { 404: `\`${api.resource}_not_found\`.` };
  const ADMINS_ONLY = '`forbidden`: not an admin.';
  const DUPLICATE = `\`duplicate_${api.resource}\`: one with that ${api.field} exists.`;

  @ApiTags(api.collection)
  @Controller(`v2/${api.collection}`)
  class CatalogController {
    constructor(
      @Inject(api.service) private readonly catalog: CatalogService<R>,
      private readonly config: GatewayConfig,
    ) {}

    @Post()
    @ApiOperation({ summary: `Create a ${api.title}`, description: 'Admins only.' })
    @ApiBody({ type: api.createDto })
    @ApiSuccess({ status: 201, description: `The ${api.title}.`, type: api.view, location: true })
    @ApiErrors({ 403: ADMINS_ONLY, 409: DUPLICATE })
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
    @ApiOperation({ summary: `List ${api.titles}`, description: 'Admins only.' })
    @ApiCollection(api.spec, api.collection, api.view)
    @ApiErrors({ 403: ADMINS_ONLY })
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
    @ApiOperation({ summary: `Show a ${api.title}`, description: 'Admins only.' })
    @ApiOkResponse({ description: `The ${api.title}.`, type: api.view })
    @ApiErrors({ 403: ADMINS_ONLY, ...NOT_FOUND })
    async get(@Auth() auth: AuthContext, @Id() id: string, @Req() req: Request) {
      return this.render(await this.catalog.get(auth, id), req);
    }

    @Patch(`:${idParam}`)
    @ApiOperation({ summary: `Update a ${api.title}`, description: 'Admins only.' })
    @ApiBody({ type: api.updateDto })
    @ApiOkResponse({ description: `The ${api.title}.`, type: api.view })
    @ApiErrors({ 403: ADMINS_ONLY, ...NOT_FOUND, 409: DUPLICATE })
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
    @ApiOperation({ summary: `Delete a ${api.title}`, description: 'Admins only.' })
    @ApiNoContentResponse({ description: 'Deleted.' })
    @ApiErrors({ 403: ADMINS_ONLY, ...NOT_FOUND })
    async delete(@Auth() auth: AuthContext, @Id() id: string): Promise<void> {
      await this.catalog.delete(auth, id);
    }

    private render(entry: R, req: Request) {
      const collectionUrl = `${baseUrl(req, this.config.API_PUBLIC_URL)}/v2/${api.collection}`;
      return renderCatalogEntry(entry, api.field, collectionUrl);
    }
  }
  // Named for the catalog, so its operations' ids are too (`Tlds_create`, `Blacklists_create`).
  const title = api.collection.charAt(0).toUpperCase() + api.collection.slice(1);
  Object.defineProperty(CatalogController, 'name', { value: `${title}Controller` });
  return CatalogController;
}
