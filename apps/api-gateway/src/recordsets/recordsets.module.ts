import { Module } from '@nestjs/common';
import { RecordSetsController } from './recordsets.controller';

@Module({ controllers: [RecordSetsController] })
export class RecordSetsModule {}
