import { Module } from '@nestjs/common';
import { UpdateGrantsController } from './update-grants.controller';

@Module({ controllers: [UpdateGrantsController] })
export class UpdateGrantsModule {}
