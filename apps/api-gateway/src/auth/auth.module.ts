import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import { TokensRepository } from '@zonewarden/persistence';
import { GatewayConfig, keystoneSettings } from '../config/gateway.config';
import { createAuthGuard } from './auth.guard';
import { IdentityResolver, NoauthIdentityResolver, TokenIdentityResolver } from './identity';
import { KeystoneClient } from './keystone/keystone-client';
import { KeystoneIdentityResolver } from './keystone/keystone-identity';

function identityResolver(config: GatewayConfig, tokens: TokensRepository): IdentityResolver {
  switch (config.AUTH_STRATEGY) {
    case 'noauth':
      return new NoauthIdentityResolver();
    case 'keystone':
      return new KeystoneIdentityResolver(
        new KeystoneClient(keystoneSettings(config)),
        config.KEYSTONE_TOKEN_CACHE_SECONDS * 1000,
      );
    case 'token':
      return new TokenIdentityResolver(tokens);
  }
}

@Module({})
export class AuthModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AuthModule,
      providers: [
        {
          provide: APP_GUARD,
          inject: [Reflector, TokensRepository],
          useFactory: (reflector: Reflector, tokens: TokensRepository) =>
            createAuthGuard(identityResolver(config, tokens), reflector),
        },
      ],
    };
  }
}
