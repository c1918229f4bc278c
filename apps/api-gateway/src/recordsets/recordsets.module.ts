import { Module } from '@nestjs/common';
import { QuotasModule } from '../quotas/quotas.module';
import { ZonesModule } from '../zones/zones.module';
import { RecordSetsController } from './recordsets.controller';
import { RecordSetsService } from './recordsets.service';

@Module({
  imports: [QuotasModule, ZonesModule],
  controllers: [RecordSetsController],
  providers: [RecordSetsService],
})
export class RecordSetsModule {}
