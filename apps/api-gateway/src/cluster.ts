import cluster, { Worker } from 'node:cluster';

/** A worker that dies sooner than this after its start is not restarted at once (it would crash-loop). */
const RESTART_BACKOFF_MS = 1000;

/**
 * The primary of a gateway run as `workers` node:cluster workers (API_WORKERS): it forks them, replaces
 * one that exits on its own, and on SIGTERM/SIGINT/SIGHUP passes SIGTERM on to every worker (each finishes
 * its requests in flight, see stopOnSignals) and exits once they all have. Serves nothing itself.
 */
export function runPrimary(workers: number, log: (message: string) => void): void {
  // The workers accept from the shared socket themselves. With Node's default (the primary accepts and
  // hands each connection on), a connection handed to a worker that just died is lost, and the primary's
  // one core becomes a second hop for every connection.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  let listening = 0;
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());
  cluster.on('listening', (_worker, address) => {
    if (++listening === workers)
      log(`listening on http://${address.address}:${address.port} (${workers} workers)`);
  });
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    log(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}), starting another`);
    setTimeout(fork, Math.max(0, RESTART_BACKOFF_MS - lived));
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping the workers`);
    if (startedAt.size === 0) process.exit(0);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, stop);
  for (let i = 0; i < workers; i++) fork();
}
