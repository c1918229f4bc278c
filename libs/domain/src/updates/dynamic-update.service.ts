import { Injectable } from '@nestjs/common';
import { canonicalAbsoluteName } from '@zonewarden/dns';
import {
  RecordSetsRepository,
  Storage,
  UpdateGrantsRepository,
  ZonesRepository,
  isDatabaseUnavailable,
} from '@zonewarden/persistence';
import { RecordSetWriter } from '../changes/record-set-writer';
import { contentDifference, rrsetKey } from '../changes/rrset-states';
import { DomainError } from '../domain-error';
import { QuotasService } from '../quotas/quotas.service';
import { checkContent, checkGrant, checkGrantCovers } from './update-checks';
import {
  UpdateRcode,
  UpdateRecord,
  UpdateRefused,
  ZoneState,
  applyUpdates,
  checkPrerequisites,
  prescanPrerequisites,
  prescanUpdates,
} from './update-rules';

/** An UPDATE message (RFC 2136) as the DNS server parsed it, its TSIG signature verified. */
export interface UpdateRequest {
  /** The zone section's name. */
  zoneName: string;
  /** The name of the TSIG key that signed it. */
  keyName: string;
  prerequisites: UpdateRecord[];
  updates: UpdateRecord[];
}

/** The answer's rcode; `serial`: the zone's new serial, null when the update changed nothing. */
export type UpdateResult =
  | { rcode: 'NOERROR'; serial: number | null }
  | { rcode: UpdateRcode | 'NOTAUTH' | 'SERVFAIL'; reason: string };

const ALL_PROJECTS = { projectId: null };
const lowerCased = (records: UpdateRecord[]) =>
  records.map((rr) => ({ ...rr, name: canonicalAbsoluteName(rr.name) }));
const notAuth = (reason: string): UpdateResult => ({ rcode: 'NOTAUTH', reason });

/**
 * The door of a dynamic update (RFC 2136), the API's equivalent of a batch: the zone found by name, the
 * key's grant, RFC 2136's prerequisites and updates judged on the locked zone, then every rule of the API
 * (docs/dns-updates.md), and the change written as a batch is (RecordSetWriter): one serial bump, one history
 * entry of source `update` naming the key, one announcement, DNSSEC signatures renewed. All or nothing: a
 * refusal applies nothing. An update that changes nothing answers NOERROR and leaves the serial (as BIND).
 */
@Injectable()
export class DynamicUpdateService {
  constructor(
    private readonly grants: UpdateGrantsRepository,
    private readonly quotas: QuotasService,
    private readonly recordSets: RecordSetsRepository,
    private readonly storage: Storage,
    private readonly writer: RecordSetWriter,
    private readonly zoneStore: ZonesRepository,
  ) {}

  /** The rcode to answer; throws only what is neither a refusal nor storage being unreachable (a bug). */
  async apply(request: UpdateRequest): Promise<UpdateResult> {
    try {
      return await this.carryOut({
        zoneName: canonicalAbsoluteName(request.zoneName),
        keyName: canonicalAbsoluteName(request.keyName),
        prerequisites: lowerCased(request.prerequisites),
        updates: lowerCased(request.updates),
      });
    } catch (error) {
      if (error instanceof UpdateRefused) return { rcode: error.rcode, reason: error.reason };
      if (error instanceof DomainError) return { rcode: 'REFUSED', reason: error.message };
      if (isDatabaseUnavailable(error)) return { rcode: 'SERVFAIL', reason: 'storage is unreachable' };
      throw error;
    }
  }

  private async carryOut(request: UpdateRequest): Promise<UpdateResult> {
    const { zoneName, keyName } = request;
    const target = await this.grants.target(zoneName, keyName);
    if (!target) return notAuth(`${zoneName} is not a zone of this service`);
    // A SECONDARY zone's content is its masters': the update would have to be forwarded there, which is not done.
    if (target.zoneType !== 'PRIMARY')
      throw new UpdateRefused('REFUSED', `${zoneName} is a ${target.zoneType} zone: update its primary`);
    if (!target.grant) return notAuth(`key ${keyName} has no grant in ${zoneName}`);
    prescanPrerequisites(zoneName, request.prerequisites);
    const names = [...new Set([...request.prerequisites, ...request.updates].map((rr) => rr.name))];
    // Read before the zone's lock is taken: a transaction waiting for a second connection could starve the pool.
    const childZoneOf = await this.writer.childZones({ name: zoneName }, names);
    const quotas = await this.quotas.of(target.projectId);
    return this.storage.transaction(async (tx) => {
      const zone = await this.zoneStore.lock(tx, target.zoneId, ALL_PROJECTS);
      // Moved to another project meanwhile: its grants went with the move.
      if (!zone || zone.projectId !== target.projectId) return notAuth(`${zoneName} changed hands`);
      if (zone.action === 'DELETE') throw new UpdateRefused('REFUSED', `${zoneName} is being deleted`);
      const grant = target.grant!;
      const current = await this.recordSets.liveAtNames(tx, zone.id, names);
      const state: ZoneState = new Map(
        current.map(({ name, type, ttl, records }) => [rrsetKey(name, type), { name, type, ttl, records }]),
      );
      checkPrerequisites(request.prerequisites, state);
      prescanUpdates(zone.name, request.updates);
      checkGrant(grant, request.updates);
      const result = applyUpdates(zone.name, request.updates, state);
      const rrsets = contentDifference([...state.values()], [...result.values()]);
      checkGrantCovers(grant, rrsets);
      if (rrsets.length === 0) return { rcode: 'NOERROR', serial: null };
      checkContent(zone, rrsets, current, result, childZoneOf);
      const { zone: changed } = await this.writer.write(tx, zone, rrsets, current, {
        source: 'update',
        actor: { kind: 'tsig', keyName: grant.keyName },
        creator: zone.projectId,
        quotas,
      });
      return { rcode: 'NOERROR', serial: changed.serial };
    });
  }
}
