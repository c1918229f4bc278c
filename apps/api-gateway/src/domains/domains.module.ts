import { Module } from '@nestjs/common';
import { ZonesModule } from '../zones/zones.module';
import { DomainsController } from './domains.controller';
import { DomainsService } from './domains.service';

@Module({
  imports: [ZonesModule],
  controllers: [DomainsController],
  providers: [DomainsService],
})
export class DomainsModule {}
