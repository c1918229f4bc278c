import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload, RmqContext } from '@nestjs/microservices';
import pLimit from 'p-limit';
import { DomainError, ImportRequestedV1, TASK_EVENTS } from '@zonewarden/contracts';
import { ZonefileError } from '@zonewarden/dns';
import { consumeMessage } from '@zonewarden/messaging';
import { QuotasService, ZonesService, overQuota, withinQuota } from '@zonewarden/domain';
import { ImportTransaction, ImportsRepository, Quotas } from '@zonewarden/persistence';
import { ZoneWorkerConfig } from '../zone-worker.config';
import { stageZonefile } from './stage-zonefile';

/** Designate's headline for each way an import fails, followed by what we know (line, column, token). */
function failureMessage(error: ZonefileError): string {
  if (error.detail.startsWith('The $ORIGIN statement') || error.detail.startsWith('An SOA record'))
    return error.message;
  return `Malformed zonefile. ${error.message}`;
}

const IMPORT_FAILURES: Record<string, string> = {
  duplicate_zone: 'Duplicate zone.',
  over_quota: 'Quota exceeded during zone import.',
};

/**
 * Turns a pending import into a zone, in one transaction: the zonefile is read from storage and staged
 * as it is parsed (see ImportTransaction), checked, and the zone created with all its record sets and the
 * import marked COMPLETE — so a crash or a redelivery can never make two zones, nor a zone without a
 * completed import. Every failure ends the import in ERROR with a message.
 *
 * At most IMPORT_CONCURRENCY imports run at once, and never so many that they hold every connection but
 * one of the process (an import holds one for its whole run); the others wait their turn.
 */
@Controller()
export class ImportsController {
  private readonly logger = new Logger(ImportsController.name);
  private readonly turn: pLimit.Limit;

  constructor(
    private readonly config: ZoneWorkerConfig,
    private readonly imports: ImportsRepository,
    private readonly quotas: QuotasService,
    private readonly zones: ZonesService,
  ) {
    this.turn = pLimit(Math.max(1, Math.min(config.IMPORT_CONCURRENCY, config.DATABASE_POOL_SIZE - 2)));
  }

  @EventPattern(TASK_EVENTS.importRequested)
  requested(@Payload() data: unknown, @Ctx() context: RmqContext) {
    return consumeMessage(
      context,
      ImportRequestedV1,
      data,
      (request) => this.turn(() => this.run(request)),
      this.logger,
    );
  }

  private async run(request: ImportRequestedV1): Promise<void> {
    const quotas = await this.quotas.of(request.projectId);
    try {
      await this.imports.carryOut(request.importId, (transaction) =>
        this.createZone(transaction, request, quotas),
      );
    } catch (error) {
      if (error instanceof ZonefileError) return this.imports.fail(request.importId, failureMessage(error));
      // A pool without nameservers is the operator's to fix: the request is retried, not failed.
      if (!(error instanceof DomainError) || error.code === 'no_servers_configured') throw error;
      if (error.code === 'import_already_handled') return;
      await this.imports.fail(request.importId, IMPORT_FAILURES[error.code] ?? error.message);
    }
  }

  private async createZone(
    transaction: ImportTransaction,
    request: ImportRequestedV1,
    quotas: Quotas,
  ): Promise<void> {
    const zone = await stageZonefile(transaction);
    const counts = await transaction.counts(zone.name);
    if (
      !withinQuota(quotas.zone_recordsets, counts.sets) ||
      !withinQuota(quotas.zone_records, counts.records) ||
      !withinQuota(quotas.recordset_records, counts.largest)
    ) {
      throw overQuota('zone_records');
    }
    // As through the API: a record set under an existing child zone belongs to that zone.
    const child = await transaction.childZoneHoldingRecords(zone.name);
    if (child) throw new DomainError('bad_request', `RecordSet belongs in a child zone: ${child}`);
    const newZone = {
      projectId: request.projectId,
      poolId: this.config.DEFAULT_POOL_ID,
      ...zone,
      description: null,
      attributes: {},
    };
    // The API's zone creation, its record sets and the import's completion, then the announcement.
    const created = await this.zones.createIn(transaction.tx, newZone, quotas);
    await transaction.insertRecordSets(created);
    await this.imports.completeIn(transaction.tx, request.importId, created);
    await this.zones.announceCreated(transaction.tx, created);
  }
}
