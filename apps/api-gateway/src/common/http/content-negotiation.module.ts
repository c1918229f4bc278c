import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { NegotiateContent } from './content-negotiation';

/**
 * NegotiateContent for every route. A module of its own, imported right after AuthModule: Nest runs
 * global guards in the order their modules are scanned, and a client without credentials gets 401
 * before anything is said about what it accepts.
 */
@Module({ providers: [{ provide: APP_GUARD, useClass: NegotiateContent }] })
export class ContentNegotiationModule {}
