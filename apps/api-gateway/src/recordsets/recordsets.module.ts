import { Module } from '@nestjs/common';
import { ZonesModule } from '../zones/zones.module';
import { RecordSetsController } from './recordsets.controller';

@Module({
  imports: [ZonesModule],
  controllers: [RecordSetsController],
})
export class RecordSetsModule {}
