import * as http from 'node:http';
import { Logger } from '@nestjs/common';
import { serviceRegistry } from './service-metrics';

/**
 * The operations endpoint of a background app (zone-worker, pool-manager): `/metrics` for Prometheus,
 * `/health/live`, and `/health/ready` (503 while `ready` fails: PostgreSQL or RabbitMQ out of reach). A bare
 * node:http server: these apps serve no API, so a Nest HTTP stack would be weight without use.
 */
export function startOpsServer(
  app: string,
  host: string,
  port: number,
  ready: () => Promise<void>,
): Promise<http.Server> {
  const logger = new Logger(app);
  const server = http.createServer((req, res) => {
    const reply = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'Content-Type': type }).end(body);
    };
    const json = (status: number, body: object) => reply(status, 'application/json', JSON.stringify(body));
    if (req.method !== 'GET') return json(405, { status: 'error', error: 'method not allowed' });
    switch (req.url) {
      case '/metrics':
        return void serviceRegistry
          .metrics()
          .then((text) => reply(200, serviceRegistry.contentType, text))
          .catch((error: Error) => json(500, { status: 'error', error: error.message }));
      case '/health/live':
        return json(200, { status: 'ok' });
      case '/health/ready':
        return void ready()
          .then(() => json(200, { status: 'ok' }))
          .catch((error: Error) => json(503, { status: 'error', error: error.message }));
      default:
        return json(404, { status: 'error', error: 'not found' });
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      logger.log(`operations endpoint on http://${host}:${port} (/metrics, /health/live, /health/ready)`);
      resolve(server);
    });
  });
}
