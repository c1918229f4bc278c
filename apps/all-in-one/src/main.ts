import * as path from 'node:path';
import { stopOnSignals } from '@zonewarden/messaging';
import { runAllInOne } from './all-in-one';
import { runSeparateProcesses } from './separate-processes';

/**
 * `npm start`. With AMQP_URL set, every app runs as its own process on RabbitMQ (and DATABASE_URL, or the
 * local PostgreSQL). Without it, all apps run in this process on the in-process transport, on DATABASE_URL
 * or an embedded PostgreSQL: nothing to install first.
 */
async function main(): Promise<void> {
  if (process.env.AMQP_URL) return runSeparateProcesses(path.resolve(__dirname, '..', '..'));
  // Quiet by default, so the quick-start text stands out; LOG_LEVEL=info shows every request.
  process.env.LOG_LEVEL ??= 'warn';
  const stop = await runAllInOne(process.env, (text) => console.log(text));
  stopOnSignals(stop, (message) => console.log(message));
}

main().catch((error: unknown) => {
  console.error(`zonewarden failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
