import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SoaState, querySoa, sendNotify, serialIsNewer } from '@zonewarden/dns';
import { PropagationStateService, TsigKeysService, catalogSerial, signingKeyOf } from '@zonewarden/domain';
import {
  HostPort,
  POOL_MOVE_STAGES,
  PoolRecord,
  PoolTargetRecord,
  ZoneRecord,
} from '@zonewarden/persistence';
import { pause, shutdownSignal } from '@zonewarden/runtime';
import { DRIVERS, TargetDriver } from './drivers';
import { PoolManagerConfig } from './pool-manager.config';
import { propagationFailures, propagationSeconds } from './propagation-metrics';

/** How long one round waits for the nameservers before telling the targets again. */
const CONFIRM_WINDOW_MS = 5_000;

/**
 * Brings a zone's targets to the zone's current state in storage: pushes it to every target of its
 * pool and waits until every pool nameserver serves its serial (then `action: NONE`), or removes it
 * everywhere, confirms it is gone and purges it. Retries with exponential backoff; after the budget
 * the zone is marked ERROR with the reason, and the reconciler tries again later.
 */
@Injectable()
export class PropagationService implements OnApplicationBootstrap {
  private readonly logger = new Logger(PropagationService.name);
  private readonly drivers = new Map<string, TargetDriver>();

  constructor(
    private readonly config: PoolManagerConfig,
    private readonly state: PropagationStateService,
    private readonly tsigKeys: TsigKeysService,
  ) {}

  /**
   * Fails start-up on a pool whose targets cannot be driven (unknown type, bad options), or on a
   * connection budget too small for the zone locks.
   */
  async onApplicationBootstrap(): Promise<void> {
    this.state.prepareLocks();
    for (const poolId of await this.state.poolIds()) {
      const pool = await this.state.pool(poolId);
      for (const target of pool?.targets ?? []) this.driverFor(target);
    }
  }

  /** Converges one zone; resolves when it is propagated, purged, marked ERROR, or needs nothing. */
  async converge(zoneId: string): Promise<void> {
    await this.state.withZoneLock(zoneId, async () => {
      const deadline = Date.now() + this.config.PROPAGATION_RETRY_BUDGET_MS;
      let backoff = this.config.PROPAGATION_INITIAL_BACKOFF_MS;
      for (;;) {
        // Always the current state: a newer change overtakes the one that woke us.
        const zone = await this.state.find(zoneId);
        if (!zone || zone.action === 'NONE') return;
        const pool = await this.state.pool(zone.poolId);
        try {
          if (!pool) throw new Error(`pool ${zone.poolId} does not exist`);
          await this.attempt(zone, pool, deadline);
          return;
        } catch (error) {
          // Stopping: the zone stays pending, and the reconciler drives it after the restart.
          if (shutdownSignal.aborted) return;
          const reason = (error as Error).message;
          if (Date.now() + backoff > deadline) {
            this.logger.warn(`zone ${zone.name} ${zone.action} failed: ${reason}`);
            await this.state.fail(zone, reason);
            propagationFailures.inc({ action: zone.action });
            return;
          }
          await pause(backoff);
          backoff = Math.min(backoff * 2, this.config.PROPAGATION_MAX_BACKOFF_MS);
        }
      }
    });
  }

  /**
   * One round: tell every target, then poll the nameservers (briefly backing off) until they all show
   * the change, for at most CONFIRM_WINDOW_MS; telling the targets again too soon would only restart
   * their transfers. A zone moving to another pool (previousPoolId) goes through its move's stages.
   */
  private async attempt(zone: ZoneRecord, pool: PoolRecord, deadline: number): Promise<void> {
    const previous = zone.previousPoolId ? await this.state.pool(zone.previousPoolId) : null;
    if (zone.action === 'DELETE') {
      for (const leaving of previous ? [pool, previous] : [pool])
        await this.removeFrom(leaving, zone, deadline);
      await this.state.purge(zone.id);
      this.observePropagated(zone);
      return;
    }
    if (previous) return this.move(zone, pool, previous, deadline);
    await this.provision(zone, pool, deadline, zone.action === 'CREATE');
    await this.confirmed(zone, pool);
  }

  /**
   * A pool move, stage by stage (POOL_MOVE_STAGES), each resumed where it stopped after a failure or a
   * restart: the old pool's catalog consumers learn that the zone changes owner (RFC 9432 §5.6) before it
   * joins the new pool's catalog, so that a consumer of both keeps serving it; the zone is provisioned and
   * confirmed on the new pool; only then does it leave the old pool's targets, and its nameservers that the
   * new pool does not have are confirmed not to serve it.
   */
  private async move(zone: ZoneRecord, pool: PoolRecord, previous: PoolRecord, deadline: number) {
    let current: ZoneRecord | null = zone;
    if (current.poolMoveStage === POOL_MOVE_STAGES.ownershipAnnounced) {
      if (await this.state.catalogOf(pool.id)) await this.announceCatalog(previous);
      current = await this.state.advancePoolMove(
        current,
        POOL_MOVE_STAGES.ownershipAnnounced,
        POOL_MOVE_STAGES.listedInBoth,
      );
      if (!current) return;
    }
    if (current.poolMoveStage === POOL_MOVE_STAGES.listedInBoth) {
      await this.provision(current, pool, deadline, true);
      current = await this.state.advancePoolMove(
        current,
        POOL_MOVE_STAGES.listedInBoth,
        POOL_MOVE_STAGES.leftOldPool,
      );
      if (!current) return;
    }
    const kept = new Set(pool.targets.map(sameTarget));
    const leaving = {
      ...previous,
      targets: previous.targets.filter((target) => !kept.has(sameTarget(target))),
    };
    const stillServing = new Set(pool.nameservers.map(hostPort));
    leaving.nameservers = previous.nameservers.filter((server) => !stillServing.has(hostPort(server)));
    await this.removeFrom(leaving, current, deadline, previous);
    await this.confirmed(current, pool);
  }

  /**
   * Makes every target of the pool serve the zone's current serial and confirms it at every nameserver;
   * `listed`: the zone just joined the pool's catalog, whose consumers are told first.
   */
  private async provision(zone: ZoneRecord, pool: PoolRecord, deadline: number, listed: boolean) {
    if (listed) await this.announceCatalog(pool);
    // Read each round: a key made or changed meanwhile is used from the next one.
    const key = await this.tsigKeys.signingKeyFor(zone);
    await this.onEveryTarget(pool, (driver) => driver.ensure(zone.name, key));
    await this.confirmEverywhere(pool, zone, deadline, (state) =>
      !state.present
        ? `does not serve the zone (${state.rcode})`
        : serialIsNewer(zone.serial, state.serial)
          ? `serves serial ${state.serial} < ${zone.serial}`
          : null,
    );
  }

  /**
   * Removes the zone from the pool's targets and confirms that none of its nameservers serves it;
   * `catalogOf`: the pool whose catalog it left (the pool itself, unless only some of its targets are left).
   */
  private async removeFrom(pool: PoolRecord, zone: ZoneRecord, deadline: number, catalogOf = pool) {
    await this.announceCatalog(catalogOf);
    await this.onEveryTarget(pool, (driver) => driver.remove(zone.name));
    await this.confirmEverywhere(pool, zone, deadline, (state) =>
      state.present ? `still serves the zone (serial ${state.serial})` : null,
    );
  }

  /** Every nameserver serves the zone's serial: the change is done (ACTIVE), also-notifies are told. */
  private async confirmed(zone: ZoneRecord, pool: PoolRecord): Promise<void> {
    if (!(await this.state.confirm(zone.id, zone.serial))) return;
    this.observePropagated(zone);
    await Promise.all(
      pool.alsoNotifies.map((server) =>
        sendNotify(server, zone.name, this.config.DNS_QUERY_TIMEOUT_MS).catch(() => undefined),
      ),
    );
  }

  /**
   * The pool's catalog changed (a member came or went): once mini-dns serves its new serial, every consumer
   * of it is told, and serves it too. Nothing for a pool without a catalog.
   */
  private async announceCatalog(pool: PoolRecord): Promise<void> {
    const catalog = await this.state.catalogOf(pool.id);
    if (!catalog) return;
    const serial = catalogSerial(catalog.version);
    const key = signingKeyOf(catalog);
    await this.awaitPrimary(catalog.name, serial);
    await this.onEveryTarget(pool, async (driver) => driver.catalogChanged?.(catalog.name, serial, key));
  }

  /** Until mini-dns serves the catalog at `serial` (its consumers would not transfer it sooner). */
  private async awaitPrimary(catalogName: string, serial: number): Promise<void> {
    const primary = { host: this.config.MINIDNS_HOST, port: this.config.MINIDNS_PORT };
    const until = Date.now() + CONFIRM_WINDOW_MS;
    for (let delay = 20; ; delay = Math.min(delay * 2, 500)) {
      const state = await querySoa(primary, catalogName, this.config.DNS_QUERY_TIMEOUT_MS).catch(() => null);
      if (state?.present && !serialIsNewer(serial, state.serial)) return;
      if (Date.now() + delay > until)
        throw new Error(`mini-dns does not serve catalog ${catalogName} at serial ${serial} yet`);
      await pause(delay);
    }
  }

  /** Runs an operation on every target at once; the error names each target that failed. */
  private async onEveryTarget(
    pool: PoolRecord,
    operation: (driver: TargetDriver) => Promise<void>,
  ): Promise<void> {
    const results = await Promise.allSettled(pool.targets.map((target) => operation(this.driverFor(target))));
    const failed = results.flatMap((result, i) =>
      result.status === 'rejected'
        ? [`${pool.targets[i].type} target: ${(result.reason as Error).message}`]
        : [],
    );
    if (failed.length > 0) throw new Error(failed.join('; '));
  }

  /**
   * Asks every pool nameserver for the zone's SOA until none has a problem, polling with a short
   * backoff for at most CONFIRM_WINDOW_MS; then throws naming each server that is not there yet.
   */
  private async confirmEverywhere(
    pool: PoolRecord,
    zone: ZoneRecord,
    deadline: number,
    problem: (state: SoaState) => string | null,
  ): Promise<void> {
    const until = Math.min(deadline, Date.now() + CONFIRM_WINDOW_MS);
    let pending = pool.nameservers;
    for (let delay = 20; ; delay = Math.min(delay * 2, 500)) {
      const problems = await Promise.all(
        pending.map(async (server) => {
          try {
            return problem(await querySoa(server, zone.name, this.config.DNS_QUERY_TIMEOUT_MS));
          } catch (error) {
            return (error as Error).message;
          }
        }),
      );
      const failed = pending.flatMap((server, i) => (problems[i] ? [{ server, problem: problems[i] }] : []));
      if (failed.length === 0) return;
      if (Date.now() + delay > until || shutdownSignal.aborted) {
        throw new Error(failed.map((f) => `${f.server.host}:${f.server.port} ${f.problem}`).join('; '));
      }
      pending = failed.map((f) => f.server);
      await pause(delay);
    }
  }

  private observePropagated(zone: ZoneRecord): void {
    const changedAt = zone.updatedAt ?? zone.createdAt;
    propagationSeconds.observe({ action: zone.action }, (Date.now() - changedAt.getTime()) / 1000);
  }

  private driverFor(target: PoolRecord['targets'][number]): TargetDriver {
    let driver = this.drivers.get(target.id);
    if (!driver) {
      const factory = DRIVERS[target.type];
      if (!factory)
        throw new Error(`unknown target type '${target.type}' (known: ${Object.keys(DRIVERS).join(', ')})`);
      driver = factory(target.options, {
        primaries: [{ host: this.config.MINIDNS_HOST, port: this.config.MINIDNS_PORT }],
      });
      this.drivers.set(target.id, driver);
    }
    return driver;
  }
}

/** A target as configured (kind and options): one both pools of a move have is left alone. */
const sameTarget = (target: PoolTargetRecord) => JSON.stringify([target.type, target.options]);
const hostPort = (server: HostPort) => `${server.host}:${server.port}`;
