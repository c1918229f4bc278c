import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import { TokensRepository } from '@zonewarden/persistence';
import { createAuthGuard } from './auth.guard';
import { NoauthIdentityResolver, TokenIdentityResolver } from './identity';

@Module({})
export class AuthModule {
  static forRoot(strategy: 'token' | 'noauth'): DynamicModule {
    return {
      module: AuthModule,
      providers: [
        {
          provide: APP_GUARD,
          inject: [Reflector, TokensRepository],
          useFactory: (reflector: Reflector, tokens: TokensRepository) =>
            createAuthGuard(
              strategy === 'noauth' ? new NoauthIdentityResolver() : new TokenIdentityResolver(tokens),
              reflector,
            ),
        },
      ],
    };
  }
}
