import { Module } from '@nestjs/common';
import { FloatingIpsController } from './floatingips.controller';

@Module({
  controllers: [FloatingIpsController],
})
export class ReverseModule {}
