import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Client, ClientConfig } from 'pg';
import { OUTBOX_CHANNEL, OutboxRepository, PrismaService } from '@zonewarden/persistence';
import { MessagePublisher, Transport } from '@zonewarden/transport';
import { outboxLagSeconds, reportBrokerConnection } from './outbox-metrics';

export interface OutboxRelayOptions {
  batchSize?: number;
  /** Fallback poll when no notification arrives. */
  pollIntervalMs?: number;
  /** How long published messages are kept for inspection. */
  retentionMs?: number;
}

const MAX_BACKOFF_MS = 5_000;
const CLEANUP_EVERY_MS = 60_000;

/**
 * Publishes outbox messages through the process's transport (RabbitMQ, or the in-process broker). Wakes on PostgreSQL notifications (sent by a trigger when a
 * transaction that wrote to the outbox commits) and polls as a fallback; while the broker is down it
 * waits and retries with backoff, and the messages stay safely in the outbox.
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelayService.name);
  private readonly publisher: MessagePublisher;
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  /** A nudge arrived while the relay was busy: look again before sleeping. */
  private nudged = false;
  private listener?: Client;
  private lastCleanup = 0;

  /** The LISTEN connection: one of the process's budget (DATABASE_POOL_SIZE). */
  private readonly listenerConnection: ClientConfig;

  constructor(
    private readonly outbox: OutboxRepository,
    prisma: PrismaService,
    transport: Transport,
    private readonly options: OutboxRelayOptions = {},
  ) {
    this.publisher = transport.publisher();
    // No statement timeout on a connection that only listens.
    this.listenerConnection = {
      ...prisma.reserve(1),
      statement_timeout: undefined,
      query_timeout: undefined,
    };
    reportBrokerConnection(this);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.running = true;
    await this.listen();
    this.loop = this.run();
  }

  /** Before storage closes (PrismaService, onApplicationShutdown): the loop must not outlive the pool. */
  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    await this.listener?.end().catch(() => undefined);
    await this.publisher.close();
  }

  /** Whether the relay's connection to the broker is up (readiness). */
  isBrokerConnected(): boolean {
    return this.publisher.isConnected();
  }

  /** Asks the relay to look at the outbox now. */
  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  private async listen(): Promise<void> {
    const client = new Client(this.listenerConnection);
    client.on('notification', () => this.nudge());
    client.on('error', (error) => this.relisten(client, error));
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
      this.listener = client;
    } catch (error) {
      this.relisten(client, error as Error);
    }
  }

  /** Notifications only save latency (the relay also polls), so a lost listener is retried quietly. */
  private relisten(client: Client, error: Error): void {
    if (this.listener && this.listener !== client) return;
    this.listener = undefined;
    client.end().catch(() => undefined);
    if (!this.running) return;
    this.logger.warn(`outbox notifications unavailable (${error.message}); polling, listening again in 5 s`);
    setTimeout(() => this.running && void this.listen(), 5_000).unref();
  }

  private async run(): Promise<void> {
    const batchSize = this.options.batchSize ?? 200;
    const pollMs = this.options.pollIntervalMs ?? 1_000;
    let backoffMs = 100;
    while (this.running) {
      if (!this.publisher.isConnected()) {
        await this.publisher.waitForConnection(pollMs);
        continue;
      }
      try {
        this.nudged = false;
        const { published, error } = await this.outbox.drain(async (message) => {
          await this.publisher.publish(message);
          outboxLagSeconds.observe({ pattern: message.pattern }, message.waitedSeconds);
        }, batchSize);
        if (error) throw error;
        backoffMs = 100;
        await this.cleanup();
        if (published === batchSize) continue;
        await this.sleep(pollMs);
      } catch (error) {
        this.logger.warn(`outbox relay: ${(error as Error).message}; retrying in ${backoffMs} ms`);
        await this.sleep(backoffMs);
        backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
      }
    }
  }

  private async cleanup(): Promise<void> {
    if (Date.now() - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = Date.now();
    await this.outbox.deletePublishedBefore(new Date(Date.now() - (this.options.retentionMs ?? 3_600_000)));
  }

  private sleep(ms: number): Promise<void> {
    if (this.nudged) {
      this.nudged = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        this.nudged = false;
        resolve();
      };
    });
  }
}
