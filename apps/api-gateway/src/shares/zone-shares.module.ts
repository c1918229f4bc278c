import { Module } from '@nestjs/common';
import { ZoneSharesController } from './zone-shares.controller';

@Module({ controllers: [ZoneSharesController] })
export class ZoneSharesModule {}
