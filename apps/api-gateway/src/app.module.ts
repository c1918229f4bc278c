import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { DomainModule, domainSettingsOf } from '@zonewarden/domain';
import { ServiceRuntimeModule } from '@zonewarden/runtime';
import { Transport } from '@zonewarden/transport';
import { AuthModule, keystoneClientFor } from './auth/auth.module';
import { KeystoneProjectDirectory } from './auth/keystone/keystone-project-directory';
import { CatalogsModule } from './catalogs/catalogs.module';
import { ContentNegotiationModule } from './common/http/content-negotiation.module';
import { DeferredBodyErrorModule } from './common/http/deferred-body-error';
import { GatewayConfig } from './config/gateway.config';
import { DomainsModule } from './domains/domains.module';
import { ExportsModule } from './exports/exports.module';
import { HealthModule } from './health/health.module';
import { MetricsModule } from './metrics/metrics.module';
import { ImportsModule } from './imports/imports.module';
import { LimitsModule } from './limits/limits.module';
import { PoolsModule } from './pools/pools.module';
import { QuotasModule } from './quotas/quotas.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { RecordSetsModule } from './recordsets/recordsets.module';
import { RecordTestsModule } from './record-tests/record-tests.module';
import { ReverseModule } from './reverse/reverse.module';
import { ServiceStatusesModule } from './service-statuses/service-statuses.module';
import { ZoneSharesModule } from './shares/zone-shares.module';
import { TransfersModule } from './transfers/transfers.module';
import { TsigKeysModule } from './tsigkeys/tsigkeys.module';
import { UpdateGrantsModule } from './update-grants/update-grants.module';
import { VersionsModule } from './versions/versions.module';
import { DnssecModule } from './dnssec/dnssec.module';
import { ZonesModule } from './zones/zones.module';
import { ZoneChangesModule } from './changes/zone-changes.module';

@Global()
@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig, transport: Transport): DynamicModule {
    const keystone = keystoneClientFor(config);
    return {
      module: AppModule,
      imports: [
        // The configuration was validated before start-up (loadGatewayConfig); ConfigService exposes it too.
        ConfigModule.forRoot({
          isGlobal: true,
          ignoreEnvFile: true,
          ignoreEnvVars: true,
          load: [() => ({ ...config })],
        }),
        ServiceRuntimeModule.forRoot(config, 'api-gateway', transport),
        RateLimitModule.forRoot(config.RATE_LIMIT_PER_MINUTE),
        AuthModule.forRoot(config, keystone),
        DeferredBodyErrorModule,
        ContentNegotiationModule,
        DomainModule.forRoot(
          domainSettingsOf(config, config.DESIGNATE_STATUS_CODES),
          keystone && new KeystoneProjectDirectory(keystone),
        ),
        ZonesModule,
        ZoneChangesModule,
        DnssecModule,
        TsigKeysModule,
        DomainsModule,
        RecordSetsModule,
        RecordTestsModule,
        ExportsModule,
        ImportsModule,
        TransfersModule,
        ZoneSharesModule,
        UpdateGrantsModule,
        VersionsModule,
        HealthModule,
        MetricsModule,
        QuotasModule,
        ReverseModule,
        ServiceStatusesModule,
        CatalogsModule,
        PoolsModule,
        LimitsModule,
      ],
      providers: [{ provide: GatewayConfig, useValue: config }],
      exports: [GatewayConfig],
    };
  }
}
