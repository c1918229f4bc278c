import type { Server } from 'node:http';
import { shutdownSignal } from '@zonewarden/runtime';

/** How long responses in progress may go on once the process is asked to stop. */
export const SHUTDOWN_GRACE_MS = 5_000;

/**
 * Once shutdown is requested, idle keep-alive connections close at once, and a response still in
 * progress after the grace (a client that stopped reading a download) is cut: the process stops in time.
 */
export function closeConnectionsOnShutdown(server: Server): void {
  const onShutdown = () => {
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  };
  if (shutdownSignal.aborted) onShutdown();
  else shutdownSignal.addEventListener('abort', onShutdown, { once: true });
}
