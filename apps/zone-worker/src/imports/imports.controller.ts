import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload, RmqContext } from '@nestjs/microservices';
import { ServiceConfig, defaultQuotas } from '@zonewarden/config';
import { DomainError, ImportRequestedV1, TASK_EVENTS } from '@zonewarden/contracts';
import { ImportedZone, ZonefileError, namesBetween, zoneFromZonefile } from '@zonewarden/dns';
import { consumeMessage } from '@zonewarden/messaging';
import {
  ImportsRepository,
  QuotasRepository,
  ZonesRepository,
  overQuota,
  withinQuota,
} from '@zonewarden/persistence';

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
 * Turns a pending import into a zone: parses the zonefile, then creates the zone with all its record
 * sets and marks the import COMPLETE in one transaction, so a crash or a redelivery can never make two
 * zones, nor a zone without a completed import. Every failure ends the import in ERROR with a message.
 */
@Controller()
export class ImportsController {
  private readonly logger = new Logger(ImportsController.name);

  constructor(
    private readonly config: ServiceConfig,
    private readonly imports: ImportsRepository,
    private readonly quotas: QuotasRepository,
    private readonly zones: ZonesRepository,
  ) {}

  @EventPattern(TASK_EVENTS.importRequested)
  requested(@Payload() data: unknown, @Ctx() context: RmqContext) {
    return consumeMessage(context, ImportRequestedV1, data, (request) => this.run(request), this.logger);
  }

  private async run(request: ImportRequestedV1): Promise<void> {
    const zonefile = await this.imports.pendingContent(request.importId);
    if (zonefile === null) return;
    let zone: ImportedZone;
    try {
      zone = zoneFromZonefile(zonefile);
    } catch (error) {
      if (!(error instanceof ZonefileError)) throw error;
      return this.imports.fail(request.importId, failureMessage(error));
    }
    try {
      const quotas = await this.quotas.effective(request.projectId, defaultQuotas(this.config));
      const records = zone.recordsets.reduce((sum, set) => sum + set.records.length, 0);
      if (
        !withinQuota(quotas.zone_recordsets, zone.recordsets.length) ||
        !withinQuota(quotas.zone_records, records) ||
        zone.recordsets.some((set) => !withinQuota(quotas.recordset_records, set.records.length))
      ) {
        throw overQuota('zone_records');
      }
      // As through the API: a record set under an existing child zone belongs to that zone.
      const names = new Set(zone.recordsets.flatMap((set) => namesBetween(zone.name, set.name)));
      const [child] = await this.zones.liveZoneNames([...names]);
      if (child) return this.imports.fail(request.importId, `RecordSet belongs in a child zone: ${child}`);
      await this.zones.create(
        {
          projectId: request.projectId,
          poolId: this.config.DEFAULT_POOL_ID,
          name: zone.name,
          email: zone.email,
          ttl: zone.ttl,
          description: null,
          attributes: {},
        },
        quotas.zones,
        undefined,
        {
          recordsets: zone.recordsets,
          also: (tx, created) => this.imports.completeIn(tx, request.importId, created),
        },
      );
    } catch (error) {
      if (!(error instanceof DomainError) || error.status >= 500) throw error;
      if (error.type === 'import_already_handled') return;
      await this.imports.fail(request.importId, IMPORT_FAILURES[error.type] ?? error.message);
    }
  }
}
