import { Module } from '@nestjs/common';
import { TsigKeysController } from './tsigkeys.controller';

@Module({ controllers: [TsigKeysController] })
export class TsigKeysModule {}
