import { ApiTags } from '@nestjs/swagger';
import { Controller, Get, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Public } from '../auth/public.decorator';
import { baseUrl } from '../common/http/base-url';
import { GatewayConfig } from '../config/gateway.config';

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
  versions(@Req() req: Request) {
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
