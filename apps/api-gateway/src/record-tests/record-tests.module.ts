import { Module } from '@nestjs/common';
import { RecordTestsController } from './record-tests.controller';

@Module({ controllers: [RecordTestsController] })
export class RecordTestsModule {}
