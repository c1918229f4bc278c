import { ApiOkResponse, ApiOperation, ApiProperty, ApiSchema, ApiTags } from '@nestjs/swagger';
import { Controller, Get, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Public } from '../auth/public.decorator';
import { baseUrl } from '../common/http/base-url';
import { GatewayConfig } from '../config/gateway.config';
import { ApiErrors } from '../openapi/api-docs';
import { Field, TextField } from '../openapi/api-schemas';

@ApiSchema({ name: 'VersionLink' })
class VersionLinkView {
  @ApiProperty({ type: String, format: 'uri' }) href!: string;
  @Field({ enum: ['self', 'help'] }) rel!: string;
}

@ApiSchema({ name: 'Version' })
class VersionView {
  @TextField({ example: 'v2.1' }) id!: string;
  @Field({ enum: ['SUPPORTED', 'CURRENT'] }) status!: 'SUPPORTED' | 'CURRENT';
  @TextField({ example: '2023-01-25T00:00:00Z' }) updated!: string;
  @Field({ type: [VersionLinkView] }) links!: VersionLinkView[];
}

@ApiSchema({ name: 'Versions' })
class VersionsView {
  @Field({ type: [VersionView] }) versions!: VersionView[];
}

const API_REFERENCE = 'https://docs.openstack.org/api-ref/dns';
/**
 * The Designate API versions whose features we serve, with the dates Designate gives them
 * (designate/api/versions.py): clients expect a version's features once it is listed, so a minor
 * version is added here only with its features. v2.1 brought shared zones (`/v2/zones/{id}/shares`).
 */
const VERSIONS: { id: string; status: 'SUPPORTED' | 'CURRENT'; updated: string }[] = [
  { id: 'v2', status: 'SUPPORTED', updated: '2022-06-29T00:00:00Z' },
  { id: 'v2.0', status: 'SUPPORTED', updated: '2022-06-29T00:00:00Z' },
  { id: 'v2.1', status: 'CURRENT', updated: '2023-01-25T00:00:00Z' },
];

/** `GET /`: the versions document Designate's clients read for version discovery. */
@ApiTags('operations')
@Controller()
export class VersionsController {
  constructor(private readonly config: GatewayConfig) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: 'List the API versions',
    description: "Designate's version discovery; no credentials.",
  })
  @ApiOkResponse({ description: 'The versions.', type: VersionsView })
  @ApiErrors({ 429: '`over_rate_limit`: see `Retry-After`.' })
  versions(@Req() req: Request): VersionsView {
    const base = baseUrl(req, this.config.API_PUBLIC_URL);
    return {
      versions: VERSIONS.map(({ id, status, updated }) => ({
        id,
        status,
        updated,
        links: [
          { href: `${base}/v2`, rel: 'self' },
          { href: API_REFERENCE, rel: 'help' },
        ],
      })),
    };
  }
}
