import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open. Longer than clients and proxies keep theirs (undici
 * 4 s, python-requests until the server closes, HAProxy's http-keep-alive as configured, commonly up to
 * 60 s), so that the client side closes first: with Node's 5 s a client sending its next request just as
 * the server closed the connection got a reset instead of an answer — and a POST is not retried.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Node's advice: above keepAliveTimeout, so that a reused connection's next request is never cut short.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}
