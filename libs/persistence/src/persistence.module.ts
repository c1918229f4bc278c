import { DynamicModule, Global, Module } from '@nestjs/common';
import { DatabaseOptions } from '@zonewarden/config';
import { CatalogZonesRepository } from './catalog-zones/catalog-zones.repository';
import { DnssecRepository } from './dnssec/dnssec.repository';
import { BlacklistsRepository, TldsRepository } from './catalogs/catalogs.repositories';
import { ExportsRepository } from './exports/exports.repository';
import { ImportsRepository } from './imports/imports.repository';
import { ProcessedMessagesRepository } from './messages/processed-messages.repository';
import { QuotasRepository } from './quotas/quotas.repository';
import { RecordSetsRepository } from './recordsets/recordsets.repository';
import { OutboxRepository } from './outbox/outbox.repository';
import { OutboxWriter } from './outbox/outbox.writer';
import { PoolCatalogRepository } from './pools/pool-catalog.repository';
import { PoolsRepository } from './pools/pools.repository';
import { PrismaService } from './prisma.service';
import { Storage } from './storage';
import { ServiceStatusesRepository } from './service-statuses/service-statuses.repository';
import { ZoneSharesRepository } from './shares/zone-shares.repository';
import { ZoneHistoryRepository } from './history/zone-history.repository';
import { TokensRepository } from './tokens/tokens.repository';
import { TransfersRepository } from './transfers/transfers.repository';
import { TsigSecrets } from './tsigkeys/tsig-secrets';
import { TsigKeysRepository } from './tsigkeys/tsigkeys.repository';
import { UpdateGrantsRepository } from './updates/update-grants.repository';
import { SecondaryZonesRepository } from './zones/secondary-zones.repository';
import { ZoneChangesRepository } from './zones/zone-changes.repository';
import { ZoneContentRepository } from './zones/zone-content.repository';
import { ZoneLocks } from './zones/zone-locks';
import { ZonePropagationRepository } from './zones/zone-propagation.repository';
import { ZonesRepository } from './zones/zones.repository';

const REPOSITORIES = [
  BlacklistsRepository,
  CatalogZonesRepository,
  DnssecRepository,
  ExportsRepository,
  ImportsRepository,
  OutboxRepository,
  PoolCatalogRepository,
  PoolsRepository,
  ProcessedMessagesRepository,
  QuotasRepository,
  RecordSetsRepository,
  ServiceStatusesRepository,
  TldsRepository,
  TokensRepository,
  TransfersRepository,
  TsigKeysRepository,
  UpdateGrantsRepository,
  SecondaryZonesRepository,
  ZoneChangesRepository,
  ZoneContentRepository,
  ZoneLocks,
  ZonePropagationRepository,
  ZoneSharesRepository,
  ZoneHistoryRepository,
  ZonesRepository,
];

@Global()
@Module({})
export class PersistenceModule {
  static forRoot(options: DatabaseOptions): DynamicModule {
    return {
      module: PersistenceModule,
      providers: [
        { provide: PrismaService, useFactory: () => new PrismaService(options) },
        { provide: TsigSecrets, useFactory: () => new TsigSecrets(options.tsigKeyEncryptionKeys) },
        Storage,
        OutboxWriter,
        ...REPOSITORIES,
      ],
      exports: [PrismaService, Storage, OutboxWriter, ...REPOSITORIES],
    };
  }
}
