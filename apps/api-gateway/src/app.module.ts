import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { OutboxRelayModule } from '@zonewarden/messaging';
import { PersistenceModule } from '@zonewarden/persistence';
import { AuthModule } from './auth/auth.module';
import { GatewayConfig } from './config/gateway.config';
import { ZonesModule } from './zones/zones.module';

@Global()
@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        // The configuration was validated before start-up (loadGatewayConfig); ConfigService exposes it too.
        ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, ignoreEnvVars: true, load: [() => ({ ...config })] }),
        PersistenceModule.forRoot({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }),
        OutboxRelayModule.forRoot({
          amqpUrl: config.AMQP_URL,
          amqpNamespace: config.AMQP_NAMESPACE,
          databaseUrl: config.DATABASE_URL,
        }),
        AuthModule.forRoot(config.AUTH_STRATEGY),
        ZonesModule,
      ],
      providers: [{ provide: GatewayConfig, useValue: config }],
      exports: [GatewayConfig],
    };
  }
}
