import { Injectable } from '@nestjs/common';
import { Caller } from '../caller';
import { noNetworkEndpoint } from './floatingips.errors';

/**
 * Floating IPs belong to the network service: every PTR operation of Designate's central (list, show,
 * set) starts by listing the caller's floating IPs from Neutron, before any other check, and fails when
 * the catalog has no network endpoint. Zonewarden has no network service to ask.
 */
@Injectable()
export class FloatingIpsService {
  /** The caller's floating IPs, from the network service: there is none, for any caller. */
  fromNetwork(_caller: Caller, _region?: string): never {
    throw noNetworkEndpoint();
  }
}
