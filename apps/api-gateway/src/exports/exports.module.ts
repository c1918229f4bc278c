import { Module } from '@nestjs/common';
import { QuotasModule } from '../quotas/quotas.module';
import { ZonesModule } from '../zones/zones.module';
import { ExportsController } from './exports.controller';
import { ExportsService } from './exports.service';

@Module({
  imports: [QuotasModule, ZonesModule],
  controllers: [ExportsController],
  providers: [ExportsService],
})
export class ExportsModule {}
