import { Module } from '@nestjs/common';
import { ZoneChangesController } from './zone-changes.controller';

@Module({ controllers: [ZoneChangesController] })
export class ZoneChangesModule {}
