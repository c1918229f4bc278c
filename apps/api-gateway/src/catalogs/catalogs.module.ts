import { Module } from '@nestjs/common';
import { BlacklistsService, TldsService } from '@zonewarden/domain';
import { BLACKLIST_COLLECTION, BlacklistRecord, TLD_COLLECTION, TldRecord } from '@zonewarden/persistence';
import { catalogController } from './catalog.controller';
import { BlacklistView, TldView } from './catalog.view';
import { CreateBlacklistDto, CreateTldDto, UpdateBlacklistDto, UpdateTldDto } from './dto/catalog.dto';

/** `/v2/tlds` and `/v2/blacklists`: Designate's admin catalogs. */
@Module({
  controllers: [
    catalogController<TldRecord>({
      collection: 'tlds',
      resource: 'tld',
      field: 'name',
      service: TldsService,
      createDto: CreateTldDto,
      updateDto: UpdateTldDto,
      spec: TLD_COLLECTION,
      view: TldView,
      title: 'TLD',
      titles: 'TLDs',
    }),
    catalogController<BlacklistRecord>({
      collection: 'blacklists',
      resource: 'blacklist',
      field: 'pattern',
      service: BlacklistsService,
      createDto: CreateBlacklistDto,
      updateDto: UpdateBlacklistDto,
      spec: BLACKLIST_COLLECTION,
      view: BlacklistView,
      title: 'blacklist entry',
      titles: 'blacklist entries',
    }),
  ],
})
export class CatalogsModule {}
