import { Module } from '@nestjs/common';
import { QuotasController } from './quotas.controller';

@Module({
  controllers: [QuotasController],
})
export class QuotasModule {}
