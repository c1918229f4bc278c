import cluster, { Worker } from 'node:cluster';

/** A worker that dies sooner than this after its start is replaced only this long after it started. */
const RESTART_BACKOFF_MS = 1000;

/**
 * The primary of a gateway run as `workers` node:cluster workers (API_WORKERS): it forks them and replaces
 * one that dies once serving. One that exits before it listens means the gateway cannot start (like the
 * one-process gateway, which then exits 1): the others are stopped and the primary exits 1. On
 * SIGTERM/SIGINT/SIGHUP it passes SIGTERM on to every worker (each finishes its requests in flight, see
 * stopOnSignals) and exits 0 once they all have. Serves nothing itself.
 */
export function runPrimary(workers: number, log: (message: string) => void): void {
  // The workers accept from the shared socket themselves. With Node's default (the primary accepts and
  // hands each connection on), a connection handed to a worker that just died is lost, and the primary's
  // one core becomes a second hop for every connection.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping: number | undefined; // the primary's exit code, once stopping
  const startedAt = new Map<Worker, number>();
  const serving = new Set<Worker>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());
  const stop = (exitCode: number) => {
    if (stopping !== undefined) return;
    stopping = exitCode;
    if (startedAt.size === 0) process.exit(exitCode);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
  };
  cluster.on('listening', (worker, address) => {
    serving.add(worker);
    if (serving.size === workers && startedAt.size === workers && stopping === undefined)
      log(`listening on http://${address.address}:${address.port} (${workers} workers)`);
  });
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    const served = serving.delete(worker);
    startedAt.delete(worker);
    if (stopping !== undefined) {
      if (startedAt.size === 0) process.exit(stopping);
    } else if (!served) {
      log(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}) before listening: stopping`);
      stop(1);
    } else {
      log(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}), starting another`);
      setTimeout(fork, Math.max(0, RESTART_BACKOFF_MS - lived));
    }
  });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
    process.on(signal, () => {
      if (stopping === undefined) log(`${signal}: stopping the workers`);
      stop(0);
    });
  for (let i = 0; i < workers; i++) fork();
}
