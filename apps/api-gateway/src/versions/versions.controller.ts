import { ApiTags } from '@nestjs/swagger';
import { Controller, Get, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Public } from '../auth/public.decorator';
import { baseUrl } from '../common/http/base-url';
import { GatewayConfig } from '../config/gateway.config';

const API_REFERENCE = 'https://docs.openstack.org/api-ref/dns';
/** Designate's API versions: v2.4 is current, the earlier v2 minor versions supported. */
const VERSIONS: [string, string][] = [
  ['v2', 'SUPPORTED'],
  ['v2.0', 'SUPPORTED'],
  ['v2.1', 'SUPPORTED'],
  ['v2.2', 'SUPPORTED'],
  ['v2.3', 'SUPPORTED'],
  ['v2.4', 'CURRENT'],
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
      versions: VERSIONS.map(([id, status]) => ({
        id,
        status,
        updated: '2022-06-29T00:00:00Z',
        links: [
          { href: `${base}/v2`, rel: 'self' },
          { href: API_REFERENCE, rel: 'help' },
        ],
      })),
    };
  }
}
