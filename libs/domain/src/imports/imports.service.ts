import { randomUUID } from 'node:crypto';
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
  OutboxWriter,
  Page,
  Storage,
} from '@zonewarden/persistence';
import { Caller, authorize, ownProject } from '../caller';
import { importRequested } from '../events/task-events';
import { mayUseBlacklisted } from '../zones/zone-name-rules';
import { QuotasService } from '../quotas/quotas.service';
import { checkZoneContentQuotas } from '../quotas/quota-rules';
import { belongsInChildZone } from '../recordsets/recordsets.errors';
import { DomainSettings } from '../domain-settings';
import { ZonesService } from '../zones/zones.service';
import { ZoneChangeWriter } from '../changes/zone-change-writer';
import { userActor } from '../changes/actor';
import { TaskAccess } from '../tasks/task-access';
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

/** Zone imports: the zonefile is stored in pieces with the request; zone-worker turns it into a zone (carryOut). */
@Injectable()
export class ImportsService {
  private readonly records: TaskAccess<ImportRecord>;

  constructor(
    private readonly storage: Storage,
    private readonly outbox: OutboxWriter,
    private readonly settings: DomainSettings,
    private readonly imports: ImportsRepository,
    private readonly quotas: QuotasService,
    private readonly zones: ZonesService,
    private readonly changes: ZoneChangeWriter,
  ) {
    this.records = new TaskAccess(this.imports, importNotFound);
  }

  /**
   * A pending import of `zonefile` (its text in pieces of any size, read as it is stored; a refusal it
   * raises while read ends the request, what was stored removed), handed to zone-worker with what the
   * caller may do that its zone's creation needs: whether it may use a blacklisted name, as through the API.
   */
  async create(
    caller: Caller,
    zonefile: () => AsyncIterable<string> | Iterable<string>,
    requestId?: string,
  ): Promise<ImportRecord> {
    authorize(caller, 'write');
    const pieces = zonefile();
    const task = {
      id: randomUUID(),
      projectId: ownProject(caller),
      mayUseBlacklisted: mayUseBlacklisted(caller),
    };
    // The zonefile first, a piece per statement (never one statement or transaction for the whole file);
    // then, in one short transaction, the import and its request. Should that fail, the pieces go with it.
    try {
      await this.imports.storeZonefile(task.id, pieces);
      return await this.storage.transaction(async (tx) => {
        const created = await this.imports.insert(tx, task);
        await this.outbox.write(tx, importRequested(task, requestId, caller));
        return created;
      });
    } catch (error) {
      await this.imports.discardZonefile(task.id).catch(() => undefined);
      throw error;
    }
  }

  get(caller: Caller, id: string): Promise<ImportRecord> {
    return this.records.get(caller, id);
  }

  list(caller: Caller, query: ListQuery): Promise<Page<ImportRecord>> {
    return this.records.list(caller, query);
  }

  /** Removes the import record only; the zone it created stays. */
  delete(caller: Caller, id: string): Promise<void> {
    return this.records.delete(caller, id);
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
      await this.storage.transaction(async (tx) => {
        const transaction = await ImportTransaction.open(tx, request.importId);
        // No longer pending, or in another delivery's hands.
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
    // A message written before the override was carried means none.
    const created = await this.zones.createIn(
      transaction.tx,
      newZone,
      request.mayUseBlacklisted ?? false,
      quotas,
    );
    await transaction.insertRecordSets(created);
    if (!(await this.imports.completeIn(transaction.tx, request.importId, created)))
      throw new HandledMeanwhile();
    // Announced, and its history starts with the whole zonefile: every record set it made.
    const actor = userActor(
      { userId: request.userId, projectId: request.projectId, roles: request.roles ?? [] },
      request.requestId,
    );
    await this.changes.created(transaction.tx, created, { source: 'import', actor, rrsets: [] });
  }
}
