import { Module } from '@nestjs/common';
import { ZonesModule } from '../zones/zones.module';
import { RecordSetsController } from './recordsets.controller';
import { RecordSetsService } from './recordsets.service';

@Module({
  imports: [ZonesModule],
  controllers: [RecordSetsController],
  providers: [RecordSetsService],
})
export class RecordSetsModule {}
