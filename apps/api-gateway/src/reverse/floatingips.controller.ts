import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { Auth, AuthContext } from '../auth/auth-context';
import { ObjectBodyPipe } from '../common/http/object-body.pipe';
import { SetPtrDto } from './dto/set-ptr.dto';
import { FloatingIpKey, FloatingIpKeyPipe } from './floatingip-key.pipe';
import { FloatingIpsService } from '@zonewarden/domain';

const Key = () => Param('fip_key', new FloatingIpKeyPipe());

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
  list(@Auth() auth: AuthContext): never {
    return this.floatingIps.fromNetwork(auth);
  }

  @Get(':fip_key')
  get(@Auth() auth: AuthContext, @Key() key: FloatingIpKey): never {
    return this.floatingIps.fromNetwork(auth, key.region);
  }

  @Patch(':fip_key')
  set(
    @Auth() auth: AuthContext,
    @Key() key: FloatingIpKey,
    @Body(new ObjectBodyPipe(SetPtrDto, 'floatingip')) _ptr: SetPtrDto,
  ): never {
    return this.floatingIps.fromNetwork(auth, key.region);
  }
}
