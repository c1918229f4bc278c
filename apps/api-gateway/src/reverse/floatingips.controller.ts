import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-docs';
import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { Auth, AuthContext } from '../auth/auth-context';
import { ObjectBodyPipe } from '../common/http/object-body.pipe';
import { SetPtrDto } from './dto/set-ptr.dto';
import { FloatingIpKey, FloatingIpKeyPipe } from './floatingip-key.pipe';
import { FloatingIpsService } from '@zonewarden/domain';

const Key = () => Param('fip_key', new FloatingIpKeyPipe());
const NO_ENDPOINT = '`no_endpoint`: always — there is no network service (Neutron) to ask.';
const KeyParam = () =>
  ApiParam({
    name: 'fip_key',
    description: '`<region>:<floatingip_id>` (else 400 `bad_request`).',
    schema: { type: 'string', example: 'RegionOne:1d7e3a58-2f0c-4d0e-9b59-4c3a1d1f7a21' },
  });

/**
 * Designate's PTR records of floating IPs. They need the network service (Neutron), which Zonewarden does
 * not use: after Designate's own checks (the key's shape, the body), every call answers as Designate
 * does without a network endpoint in the catalog, 403 `no_endpoint`.
 */
@ApiTags('reverse')
@Controller('v2/reverse/floatingips')
export class FloatingIpsController {
  constructor(private readonly floatingIps: FloatingIpsService) {}

  @Get()
  @ApiOperation({
    summary: "List floating IPs' PTR records",
    description: 'Always 403 `no_endpoint`: Zonewarden has no network service.',
  })
  @ApiErrors({ 403: NO_ENDPOINT })
  list(@Auth() auth: AuthContext): never {
    return this.floatingIps.fromNetwork(auth);
  }

  @Get(':fip_key')
  @ApiOperation({
    summary: "Show a floating IP's PTR record",
    description: 'Always 403 `no_endpoint` after checking the key: Zonewarden has no network service.',
  })
  @KeyParam()
  @ApiErrors({ 400: '`bad_request`: the key is not `<region>:<uuid>`.', 403: NO_ENDPOINT })
  get(@Auth() auth: AuthContext, @Key() key: FloatingIpKey): never {
    return this.floatingIps.fromNetwork(auth, key.region);
  }

  @Patch(':fip_key')
  @ApiOperation({
    summary: "Set a floating IP's PTR record",
    description:
      'Always 403 `no_endpoint` after checking the key and the body: Zonewarden has no network service.',
  })
  @KeyParam()
  @ApiErrors({ 400: '`bad_request` (the key), `invalid_object` (the body).', 403: NO_ENDPOINT })
  set(
    @Auth() auth: AuthContext,
    @Key() key: FloatingIpKey,
    @Body(new ObjectBodyPipe(SetPtrDto, 'floatingip')) _ptr: SetPtrDto,
  ): never {
    return this.floatingIps.fromNetwork(auth, key.region);
  }
}
