import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Controller, Get, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { RecordTestService } from '@zonewarden/domain';
import { Auth, AuthContext } from '../auth/auth-context';
import { HttpError } from '../common/errors/http-error';
import { UuidPipe } from '../common/http/uuid.pipe';
import { ApiErrors } from '../openapi/api-docs';
import { RecordTestView, renderRecordTest } from './record-test.view';

/** One query parameter as a string; 400 when it is repeated. */
function queryValue(req: Request, name: string): string | undefined {
  const value = req.query[name];
  if (Array.isArray(value)) throw new HttpError(400, 'bad_request', `Duplicate query parameter ${name}`);
  return typeof value === 'string' ? value : undefined;
}

/**
 * `/v2/zones/{zone_id}/test_record` (Zonewarden's extension, as Route 53's test record set): what each
 * nameserver of the zone answers to a name and type, now.
 */
@ApiTags('zones')
@Controller('v2/zones/:zone_id/test_record')
export class RecordTestsController {
  constructor(private readonly tests: RecordTestService) {}

  @Get()
  @ApiOperation({
    summary: 'Test a record',
    description:
      "Asks every nameserver of the zone — the builtin DNS server, its pool's nameservers, targets with a DNS port — for `name` and `type` (no recursion, UDP then TCP when truncated) and shows each answer. Whoever sees the zone may ask.",
  })
  @ApiQuery({
    name: 'name',
    required: false,
    description: 'Absolute, or relative to the zone (`www`, `@`: the apex, the default).',
    schema: { type: 'string', maxLength: 255 },
  })
  @ApiQuery({
    name: 'type',
    required: false,
    description: 'A record type (default `A`).',
    schema: { type: 'string', maxLength: 16 },
  })
  @ApiOkResponse({ type: RecordTestView, description: 'Each nameserver’s answer.' })
  @ApiErrors({
    400: '`bad_request`: a name outside the zone, or a type that cannot be asked for.',
    404: '`zone_not_found`: no such zone, or one the caller does not see.',
  })
  async test(
    @Auth() auth: AuthContext,
    @Param('zone_id', new UuidPipe('zone_id')) zoneId: string,
    @Req() req: Request,
  ): Promise<RecordTestView> {
    const name = queryValue(req, 'name') ?? '@';
    const type = queryValue(req, 'type') ?? 'A';
    if (name.length > 255 || type.length > 16)
      throw new HttpError(400, 'bad_request', 'name is at most 255 characters, type at most 16');
    return renderRecordTest(await this.tests.test(auth, zoneId, name, type));
  }
}
