import {
  BeforeApplicationShutdown,
  DynamicModule,
  Injectable,
  Logger,
  Module,
  OnApplicationBootstrap,
} from '@nestjs/common';
import * as os from 'node:os';
import { ServiceConfig } from '@zonewarden/config';
import { Heartbeat, ServiceStatusesRepository } from '@zonewarden/persistence';
import { PeriodicTask } from './periodic-task';

/**
 * The Designate services each app stands in for, named as Designate's service statuses name them (its
 * test suite expects `central`, `mdns`, `worker` and `producer`): the gateway serves the API and runs
 * central's rules, pool-manager propagates (worker) and re-drives zones periodically (producer).
 */
export const DESIGNATE_SERVICES: Record<string, string[]> = {
  'api-gateway': ['api', 'central'],
  'mini-dns': ['mdns'],
  'pool-manager': ['worker', 'producer'],
  'zone-worker': ['zone-worker'],
};

/** Options of one app's heartbeats. */
abstract class HeartbeatOptions {
  abstract readonly application: string;
  abstract readonly intervalMs: number;
}

/**
 * Writes this process's heartbeat to storage every HEARTBEAT_INTERVAL_MS, one row per Designate service
 * it stands in for. Through storage rather than the broker, so that it works in the one-process mode and
 * a fresh row also says the process reaches PostgreSQL.
 */
@Injectable()
export class HeartbeatService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(HeartbeatService.name);
  private readonly task = new PeriodicTask('heartbeat', () => this.beat(), this.logger);
  private readonly beats: Heartbeat[];
  private readonly interval: number;
  private replaced = false;

  constructor(
    options: HeartbeatOptions,
    private readonly statuses: ServiceStatusesRepository,
  ) {
    this.beats = (DESIGNATE_SERVICES[options.application] ?? [options.application]).map((serviceName) => ({
      serviceName,
      hostname: os.hostname(),
      processId: process.pid,
      intervalMs: options.intervalMs,
      stats: {},
      capabilities: { application: options.application },
    }));
    this.interval = options.intervalMs;
  }

  onApplicationBootstrap(): void {
    this.task.start(this.interval, true);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  private async beat(): Promise<void> {
    for (const beat of this.beats) await this.statuses.beat(beat);
    if (this.replaced) return;
    // Once, after the first beat: the rows of this host's earlier processes that stopped are this one's now.
    for (const beat of this.beats) await this.statuses.replaceStopped(beat);
    this.replaced = true;
  }
}

/** One app's heartbeats (its PersistenceModule must be imported too). */
@Module({})
export class HeartbeatModule {
  static forRoot(config: ServiceConfig, application: string): DynamicModule {
    return {
      module: HeartbeatModule,
      providers: [
        { provide: HeartbeatOptions, useValue: { application, intervalMs: config.HEARTBEAT_INTERVAL_MS } },
        HeartbeatService,
      ],
    };
  }
}
