import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import { TokensService } from '@zonewarden/domain';
import { GatewayConfig, keystoneSettings } from '../config/gateway.config';
import { IDENTITY_RESOLVER, createAuthGuard } from './auth.guard';
import { IdentityResolver, NoauthIdentityResolver, TokenIdentityResolver } from './identity';
import { KeystoneClient } from './keystone/keystone-client';
import { KeystoneIdentityResolver } from './keystone/keystone-identity';
import { KEYSTONE_CLIENT, SessionController } from './session/session.controller';

/** AUTH_STRATEGY=keystone's one Keystone client (its service token serves every call), or none. */
export function keystoneClientFor(config: GatewayConfig): KeystoneClient | undefined {
  return config.AUTH_STRATEGY === 'keystone' ? new KeystoneClient(keystoneSettings(config)) : undefined;
}

function identityResolver(
  config: GatewayConfig,
  tokens: TokensService,
  keystone: KeystoneClient | undefined,
): IdentityResolver {
  if (keystone) return new KeystoneIdentityResolver(keystone, config.KEYSTONE_TOKEN_CACHE_SECONDS * 1000);
  return config.AUTH_STRATEGY === 'noauth' ? new NoauthIdentityResolver() : new TokenIdentityResolver(tokens);
}

@Module({})
export class AuthModule {
  static forRoot(config: GatewayConfig, keystone: KeystoneClient | undefined): DynamicModule {
    return {
      module: AuthModule,
      controllers: [SessionController],
      providers: [
        {
          provide: IDENTITY_RESOLVER,
          inject: [TokensService],
          useFactory: (tokens: TokensService) => identityResolver(config, tokens, keystone),
        },
        { provide: KEYSTONE_CLIENT, useValue: keystone ?? null },
        {
          provide: APP_GUARD,
          inject: [Reflector, IDENTITY_RESOLVER],
          useFactory: (reflector: Reflector, resolver: IdentityResolver) =>
            createAuthGuard(resolver, reflector, config.AUTH_STRATEGY === 'noauth'),
        },
      ],
    };
  }
}
