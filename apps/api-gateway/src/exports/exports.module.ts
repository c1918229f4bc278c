import { Module } from '@nestjs/common';
import { ZonesModule } from '../zones/zones.module';
import { ExportsController } from './exports.controller';
import { ExportsService } from './exports.service';

@Module({
  imports: [ZonesModule],
  controllers: [ExportsController],
  providers: [ExportsService],
})
export class ExportsModule {}
