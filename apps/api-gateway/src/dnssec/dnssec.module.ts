import { Module } from '@nestjs/common';
import { DnssecController } from './dnssec.controller';

@Module({ controllers: [DnssecController] })
export class DnssecModule {}
