import { Module } from '@nestjs/common';
import { QuotasModule } from '../quotas/quotas.module';
import { TransfersController } from './transfers.controller';
import { TransfersService } from './transfers.service';

@Module({
  imports: [QuotasModule],
  controllers: [TransfersController],
  providers: [TransfersService],
})
export class TransfersModule {}
