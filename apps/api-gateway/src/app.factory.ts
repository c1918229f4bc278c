import { INestApplication, LogLevel, LoggerService } from '@nestjs/common';
import { JsonLogger } from '@zonewarden/config';
import { NestFactory } from '@nestjs/core';
import express from 'express';
import type { Application, Request } from 'express';
import helmet from 'helmet';
import { AppModule } from './app.module';
import { ApiExceptionFilter } from './common/errors/api-exception.filter';
import { RouteTable } from './common/errors/route-table';
import { jsonBody } from './common/http/json-body';
import { rejectMalformedQuery } from './common/http/query-string';
import { closeConnectionsOnShutdown } from './common/http/shutdown-connections';
import { accessLog } from './common/http/access-log';
import { assignRequestId } from './common/http/request-id';
import { GatewayConfig } from './config/gateway.config';
import { httpMetrics } from './metrics/http-metrics';
import { MetricsService } from './metrics/metrics.service';
import { serveOpenApi } from './openapi/openapi';

const IMPORTS_PATH = /^\/v2\/zones\/tasks\/imports\/?$/;

/** Builds the gateway (used by main.ts, the e2e tests and the benchmark). */
export async function createGateway(
  config: GatewayConfig,
  logger: LoggerService | LogLevel[] = new JsonLogger('api-gateway'),
): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.forRoot(config), { bodyParser: false, logger });
  const server = app.getHttpAdapter().getInstance() as Application;
  server.disable('x-powered-by');
  server.set('etag', false);
  server.set('trust proxy', 'loopback');
  app.use(helmet());
  app.use(assignRequestId);
  app.use(httpMetrics(app.get(MetricsService)));
  app.use(accessLog);
  app.use(rejectMalformedQuery);
  // Zonefile imports: text/dns bodies on their route (parsed to a string), everything else JSON.
  const zonefileUpload = (req: Request) =>
    req.method === 'POST' && IMPORTS_PATH.test(req.path) && Boolean(req.is('text/dns'));
  app.use(IMPORTS_PATH, express.text({ type: 'text/dns', limit: config.MAX_ZONEFILE_BYTES }));
  app.use(jsonBody(config.MAX_JSON_BODY_BYTES, zonefileUpload));
  app.useGlobalFilters(new ApiExceptionFilter(new RouteTable(server)));
  serveOpenApi(app);
  closeConnectionsOnShutdown(app.getHttpServer());
  return app;
}
