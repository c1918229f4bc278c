import { Module } from '@nestjs/common';
import { ServiceStatusesController } from './service-statuses.controller';

@Module({
  controllers: [ServiceStatusesController],
})
export class ServiceStatusesModule {}
