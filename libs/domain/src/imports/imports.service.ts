import { Injectable } from '@nestjs/common';
import { ImportRequestedV1 } from '@zonewarden/contracts';
import { DomainError } from '../domain-error';
import { ZonefileError } from '@zonewarden/dns';
import { Quotas } from '@zonewarden/config';
import {
  ImportRecord,
  ImportTransaction,
  ImportsRepository,
  ListQuery,
  Page,
  PrismaService,
  withTransaction,
} from '@zonewarden/persistence';
import { Caller, authorize, scopeOf } from '../caller';
import { pageOrMarkerNotFound } from '../common.errors';
import { QuotasService } from '../quotas/quotas.service';
import { checkZoneContentQuotas } from '../quotas/quota-rules';
import { belongsInChildZone } from '../recordsets/recordsets.errors';
import { DomainSettings } from '../domain-settings';
import { ZonesService } from '../zones/zones.service';
import { importNotFound } from './imports.errors';
import { stageZonefile } from './stage-zonefile';

/** Designate's headline for each way an import fails, followed by what we know (line, column, token). */
function failureMessage(error: ZonefileError): string {
  if (error.detail.startsWith('The $ORIGIN statement') || error.detail.startsWith('An SOA record'))
    return error.message;
  return `Malformed zonefile. ${error.message}`;
}

const IMPORT_FAILURES: Partial<Record<DomainError['code'], string>> = {
  duplicate_zone: 'Duplicate zone.',
  over_quota: 'Quota exceeded during zone import.',
};

/** The import was completed, failed or deleted meanwhile (a redelivery racing): its zone is given up. */
class HandledMeanwhile extends Error {}

/** Zone imports: the zonefile is stored with the request; zone-worker turns it into a zone (carryOut). */
@Injectable()
export class ImportsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly settings: DomainSettings,
    private readonly imports: ImportsRepository,
    private readonly quotas: QuotasService,
    private readonly zones: ZonesService,
  ) {}

  /** A pending import of `zonefile` (its text in pieces of any size), handed to zone-worker. */
  async create(caller: Caller, zonefile: () => Iterable<string>, requestId?: string): Promise<ImportRecord> {
    authorize(caller, 'write');
    const pieces = zonefile();
    return withTransaction(this.prisma.pg, (tx) =>
      this.imports.insert(tx, caller.projectId, pieces, requestId),
    );
  }

  async get(caller: Caller, id: string): Promise<ImportRecord> {
    authorize(caller, 'read');
    const record = await this.imports.find(scopeOf(caller), id);
    if (!record) throw importNotFound();
    return record;
  }

  async list(caller: Caller, query: ListQuery): Promise<Page<ImportRecord>> {
    authorize(caller, 'read');
    return pageOrMarkerNotFound(await this.imports.list(scopeOf(caller), query), query);
  }

  /** Removes the import record only; the zone it created stays. */
  async delete(caller: Caller, id: string): Promise<void> {
    authorize(caller, 'write');
    if (!(await this.imports.delete(scopeOf(caller), id))) throw importNotFound();
  }

  /**
   * Turns a pending import into a zone, in one transaction: the zonefile is read from storage and staged
   * as it is parsed (see ImportTransaction), checked, and the zone created — through the API's own
   * creation — with all its record sets and the import marked COMPLETE; so a crash or a redelivery can
   * never make two zones, nor a zone without a completed import. Every failure of the import's own ends
   * it in ERROR with a message; a pool without nameservers is the operator's, and is thrown (retried).
   */
  async carryOut(request: ImportRequestedV1): Promise<void> {
    const quotas = await this.quotas.of(request.projectId);
    try {
      await withTransaction(this.prisma.pg, async (tx) => {
        const transaction = await ImportTransaction.open(tx, request.importId);
        // No longer pending: handled by another delivery already.
        if (transaction) await this.createZone(transaction, request, quotas);
      });
    } catch (error) {
      if (error instanceof HandledMeanwhile) return;
      if (error instanceof ZonefileError) return this.imports.fail(request.importId, failureMessage(error));
      if (!(error instanceof DomainError) || error.code === 'no_servers_configured') throw error;
      await this.imports.fail(request.importId, IMPORT_FAILURES[error.code] ?? error.message);
    }
  }

  private async createZone(
    transaction: ImportTransaction,
    request: ImportRequestedV1,
    quotas: Quotas,
  ): Promise<void> {
    const zone = await stageZonefile(transaction);
    checkZoneContentQuotas(quotas, await transaction.counts(zone.name));
    // As through the API: a record set under an existing child zone belongs to that zone.
    const child = await transaction.childZoneHoldingRecords(zone.name);
    if (child) throw belongsInChildZone(child);
    const newZone = {
      projectId: request.projectId,
      poolId: this.settings.defaultPoolId,
      ...zone,
      description: null,
      attributes: {},
    };
    // The import's message names the project, not the requester's roles: no one overrides a blacklist here.
    const created = await this.zones.createIn(transaction.tx, newZone, quotas, false);
    await transaction.insertRecordSets(created);
    if (!(await this.imports.completeIn(transaction.tx, request.importId, created)))
      throw new HandledMeanwhile();
    await this.zones.announceCreated(transaction.tx, created);
  }
}
