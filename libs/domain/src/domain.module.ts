import { DynamicModule, Global, Module } from '@nestjs/common';
import { BlacklistsService } from './catalogs/blacklists.service';
import { CatalogZonesService } from './catalog-zones/catalog-zones.service';
import { PoolsFileService } from './catalogs/pools-file.service';
import { PoolsService } from './catalogs/pools.service';
import { TldsService } from './catalogs/tlds.service';
import { RecordSetWriter } from './changes/record-set-writer';
import { ZoneChangeWriter } from './changes/zone-change-writer';
import { ZoneBatchService } from './changes/zone-batch.service';
import { HistoryRetentionService } from './changes/history-retention.service';
import { ZoneHistoryService } from './changes/zone-history.service';
import { ZoneTextService } from './changes/zone-text.service';
import { DomainSettings } from './domain-settings';
import { DnssecMaintenanceService } from './dnssec/dnssec-maintenance.service';
import { DnssecService } from './dnssec/dnssec.service';
import { ZoneSigningService } from './dnssec/zone-signing.service';
import { ExportsService } from './exports/exports.service';
import { ImportsService } from './imports/imports.service';
import { StorageStatusService } from './operations/storage-status.service';
import { ProjectDirectory, UncheckedProjectDirectory } from './projects/project-directory';
import { PropagationStateService } from './propagation/propagation-state.service';
import { QuotasService } from './quotas/quotas.service';
import { RecordSetsService } from './recordsets/recordsets.service';
import { RecordTestService } from './record-tests/record-test.service';
import { FloatingIpsService } from './reverse/floatingips.service';
import { IncrementalTransferService } from './serving/incremental-transfer.service';
import { ServedZonesService } from './serving/served-zones.service';
import { ZoneChangeLogService } from './serving/zone-change-log.service';
import { ServiceStatusesService } from './service-statuses/service-statuses.service';
import { ZoneSharesService } from './shares/zone-shares.service';
import { StaleTasksService } from './tasks/stale-tasks.service';
import { TokensService } from './tokens/tokens.service';
import { TransfersService } from './transfers/transfers.service';
import { TsigKeysService } from './tsigkeys/tsigkeys.service';
import { DynamicUpdateService } from './updates/dynamic-update.service';
import { UpdateGrantsService } from './updates/update-grants.service';
import { LegacyDomainsService } from './zones/legacy-domains.service';
import { PoolMoveService } from './zones/pool-move.service';
import { SecondaryZonesService } from './zones/secondary-zones.service';
import { XfrRequestsService } from './zones/xfr-requests.service';
import { ZonesService } from './zones/zones.service';

const SERVICES = [
  BlacklistsService,
  CatalogZonesService,
  DnssecMaintenanceService,
  DnssecService,
  DynamicUpdateService,
  ExportsService,
  FloatingIpsService,
  HistoryRetentionService,
  ImportsService,
  IncrementalTransferService,
  LegacyDomainsService,
  PoolMoveService,
  PoolsFileService,
  PoolsService,
  PropagationStateService,
  QuotasService,
  RecordSetWriter,
  RecordSetsService,
  RecordTestService,
  SecondaryZonesService,
  ServedZonesService,
  ServiceStatusesService,
  StaleTasksService,
  StorageStatusService,
  TldsService,
  TokensService,
  TransfersService,
  TsigKeysService,
  UpdateGrantsService,
  XfrRequestsService,
  ZoneChangeLogService,
  ZoneChangeWriter,
  ZoneBatchService,
  ZoneHistoryService,
  ZoneSharesService,
  ZoneSigningService,
  ZoneTextService,
  ZonesService,
];

/**
 * The domain services, for an app that provides PersistenceModule and the settings (from its config:
 * domainSettingsOf);
 * the project directory is the identity service's when there is one.
 */
@Global()
@Module({})
export class DomainModule {
  static forRoot(
    settings: DomainSettings,
    projects: ProjectDirectory = new UncheckedProjectDirectory(),
  ): DynamicModule {
    return {
      module: DomainModule,
      providers: [
        { provide: DomainSettings, useValue: settings },
        { provide: ProjectDirectory, useValue: projects },
        ...SERVICES,
      ],
      exports: [DomainSettings, ...SERVICES],
    };
  }
}
