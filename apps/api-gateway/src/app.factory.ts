import { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Application } from 'express';
import { AppModule } from './app.module';
import { ApiExceptionFilter } from './common/errors/api-exception.filter';
import { RouteTable } from './common/errors/route-table';
import { jsonBody } from './common/http/json-body';
import { rejectMalformedQuery } from './common/http/query-string';
import { assignRequestId } from './common/http/request-id';
import { GatewayConfig } from './config/gateway.config';

/** Builds the gateway (used by main.ts, the e2e tests and the benchmark). */
export async function createGateway(
  config: GatewayConfig,
  logLevels?: LogLevel[],
): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.forRoot(config), {
    bodyParser: false,
    logger: logLevels ?? ['log', 'warn', 'error'],
  });
  const express = app.getHttpAdapter().getInstance() as Application;
  express.disable('x-powered-by');
  express.set('etag', false);
  express.set('trust proxy', 'loopback');
  app.use(assignRequestId);
  app.use(rejectMalformedQuery);
  app.use(jsonBody(config.MAX_JSON_BODY_BYTES));
  app.useGlobalFilters(new ApiExceptionFilter(new RouteTable(express)));
  app.enableShutdownHooks();
  return app;
}
