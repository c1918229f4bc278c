import { Module } from '@nestjs/common';
import { BlacklistsService, TldsService } from '@zonewarden/domain';
import { BlacklistRecord, TldRecord } from '@zonewarden/persistence';
import { catalogController } from './catalog.controller';
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
    }),
    catalogController<BlacklistRecord>({
      collection: 'blacklists',
      resource: 'blacklist',
      field: 'pattern',
      service: BlacklistsService,
      createDto: CreateBlacklistDto,
      updateDto: UpdateBlacklistDto,
    }),
  ],
})
export class CatalogsModule {}
