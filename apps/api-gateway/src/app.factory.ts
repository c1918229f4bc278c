import { INestApplication, LogLevel, LoggerService } from '@nestjs/common';
import { JsonLogger } from '@zonewarden/config';
import { Transport } from '@zonewarden/transport';
import { NestFactory } from '@nestjs/core';
import type { Application, Request } from 'express';
import { AppModule } from './app.module';
import { ApiExceptionFilter } from './common/errors/api-exception.filter';
import { RouteTable } from './common/errors/route-table';
import { deferBodyErrors } from './common/http/deferred-body-error';
import { jsonBody } from './common/http/json-body';
import { rejectMalformedQuery } from './common/http/query-string';
import { rejectNulInBody, rejectNulInPath } from './common/http/reject-nul';
import { securityHeaders } from './common/http/security-headers';
import { closeConnectionsOnShutdown } from './common/http/shutdown-connections';
import { keepConnectionsAlive } from './common/http/keep-alive';
import { accessLog } from './common/http/access-log';
import { assignRequestId } from './common/http/request-id';
import { GatewayConfig } from './config/gateway.config';
import { serveConsole } from './console/console-assets';
import { zonefileBody } from './imports/zonefile-body';
import { httpMetrics } from './metrics/http-metrics';
import { MetricsService } from './metrics/metrics.service';
import { serveOpenApi } from './openapi/openapi';

const IMPORTS_PATH = /^\/v2\/zones\/tasks\/imports\/?$/;

/** Builds the gateway (used by main.ts, the e2e tests and the benchmark). */
export async function createGateway(
  config: GatewayConfig,
  transport: Transport,
  logger: LoggerService | LogLevel[] = new JsonLogger('api-gateway'),
): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.forRoot(config, transport), { bodyParser: false, logger });
  const server = app.getHttpAdapter().getInstance() as Application;
  server.disable('x-powered-by');
  server.set('etag', false);
  // X-Forwarded-For (and -Proto, -Host) only from the configured proxies; else nobody could be told apart
  // from a client naming its own address, and so its own rate-limit key.
  server.set('trust proxy', config.TRUSTED_PROXIES.length > 0 ? config.TRUSTED_PROXIES : false);
  app.use(securityHeaders());
  app.use(assignRequestId);
  app.use(httpMetrics(app.get(MetricsService)));
  app.use(accessLog);
  serveConsole(server);
  app.use(rejectMalformedQuery);
  app.use(rejectNulInPath);
  // Zonefile imports: text/dns bodies on their route (read as they are stored, see zonefileBody), everything else JSON.
  // The route refuses any other type itself, naming both it takes (not jsonBody's "must be application/json").
  const zonefileUpload = (req: Request) =>
    req.method === 'POST' && IMPORTS_PATH.test(req.path) && !req.is('application/json');
  // Their refusals wait for authentication (deferBodyErrors): 401 before anything is said of the body.
  app.use(IMPORTS_PATH, deferBodyErrors(zonefileBody(config.MAX_ZONEFILE_BYTES)));
  app.use(
    deferBodyErrors(jsonBody(config.MAX_JSON_BODY_BYTES, zonefileUpload, config.DESIGNATE_STATUS_CODES)),
  );
  app.use(deferBodyErrors(rejectNulInBody));
  app.useGlobalFilters(new ApiExceptionFilter(new RouteTable(server)));
  serveOpenApi(app);
  keepConnectionsAlive(app.getHttpServer());
  closeConnectionsOnShutdown(app.getHttpServer());
  return app;
}
