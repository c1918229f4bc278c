import { LoggerService, LogLevel } from '@nestjs/common';
import pino, { Logger as Pino } from 'pino';

const LEVELS: Record<string, LogLevel[]> = {
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

/**
 * Nest's logger as JSON lines (pino): one object per line with `app`, `pid` (which of a gateway's API_WORKERS),
 * `context` and, where known,
 * `requestId` — the API request id that the gateway answers with and that travels with every message,
 * so a change can be followed through gateway, zone-worker and pool-manager.
 */
export class JsonLogger implements LoggerService {
  private readonly pino: Pino;
  private readonly destination: ReturnType<typeof pino.destination>;

  constructor(app: string, level = process.env.LOG_LEVEL ?? 'info') {
    // Buffered, asynchronous writes: a write(2) per line costs a busy gateway a good part of its throughput.
    // What is buffered goes out on every way of exiting but SIGKILL (at most a second of info lines then);
    // errors go out at once.
    const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
    this.destination = destination;
    process.once('exit', () => destination.flushSync());
    setInterval(() => destination.flush(), 1000).unref();
    this.pino = pino(
      {
        level: level === 'log' ? 'info' : level,
        base: { app, pid: process.pid },
        timestamp: pino.stdTimeFunctions.isoTime,
      },
      destination,
    );
  }

  levels(): LogLevel[] {
    return LEVELS[process.env.LOG_LEVEL ?? 'info'] ?? LEVELS.info;
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  /** Nest passes the context last; an error's stack may come before it. */
  private write(
    level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace',
    message: unknown,
    rest: unknown[],
  ): void {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const stack = typeof rest[0] === 'string' ? rest[0] : undefined;
    const fields =
      typeof message === 'object' && message !== null
        ? (message as Record<string, unknown>)
        : { msg: String(message) };
    this.pino[level]({ context, ...(stack ? { stack } : {}), ...fields });
    if (level === 'error' || level === 'fatal') this.destination.flushSync();
  }
}
