import { Injectable } from '@nestjs/common';
import { TsigAlgorithm, canonicalAbsoluteName } from '@zonewarden/dns';
import {
  ListQuery,
  Page,
  Storage,
  Transaction,
  UpdateGrantChanges,
  UpdateGrantRecord,
  UpdateGrantsRepository,
  ZoneRecord,
} from '@zonewarden/persistence';
import { Caller, authorize } from '../caller';
import { badRequest, forbidden, pageOrMarkerNotFound } from '../common.errors';
import { throughShare } from '../shares/share-rules';
import { checkNotDeleting } from '../zones/zone-rules';
import { ZonesService } from '../zones/zones.service';
import {
  GrantNameInput,
  MAX_GRANTS_PER_ZONE,
  grantAlgorithm,
  grantKeyName,
  grantNames,
  grantSecret,
  grantTypes,
} from './update-grant-rules';
import { duplicateUpdateGrant, updateGrantNotFound } from './update-grants.errors';

export interface UpdateGrantInput {
  keyName: string;
  /** hmac-sha256 when absent. */
  algorithm?: string;
  /** Base64; a new random one when absent. */
  secret?: string;
  names: GrantNameInput[];
  /** None: every type the API takes. */
  types?: string[];
  allowTransfer?: boolean;
  description?: string | null;
}

export type UpdateGrantUpdate = Partial<
  Pick<UpdateGrantInput, 'names' | 'types' | 'allowTransfer' | 'description'>
>;

/** A grant as the API shows it after its creation: without its secret. */
export type UpdateGrantView = Omit<UpdateGrantRecord, 'secret'>;

/** A grant's key as a DNS server verifies signed requests with it (a TsigKey, and what it may do). */
export interface GrantKey {
  grantId: string;
  /** Lower case, absolute. */
  name: string;
  algorithm: TsigAlgorithm;
  /** Base64, in the clear. */
  secret: string;
  allowTransfer: boolean;
}

const withoutSecret = ({ secret: _secret, ...grant }: UpdateGrantRecord): UpdateGrantView => grant;

export const grantKeyOf = (grant: UpdateGrantRecord): GrantKey => ({
  grantId: grant.id,
  name: grant.keyName,
  algorithm: grant.algorithm as TsigAlgorithm,
  secret: grant.secret,
  allowTransfer: grant.allowTransfer,
});

/** A name as the grants hold it: lower case, absolute (a server may pass its wire name's text either way). */

/**
 * A zone's update grants (RFC 2136 dynamic updates, docs/dns-updates.md). The zone's project manages them
 * (members and admins; readers list and show them), never a project the zone is only shared with (403): a
 * grant's key reaches the whole zone and its transfer, beyond what a share may change. The secret is shown
 * once, in the answer to the creation. The servers' reads (no caller) are the last three methods.
 */
@Injectable()
export class UpdateGrantsService {
  constructor(
    private readonly grants: UpdateGrantsRepository,
    private readonly storage: Storage,
    private readonly zones: ZonesService,
  ) {}

  async list(caller: Caller, zoneId: string, query: ListQuery): Promise<Page<UpdateGrantView>> {
    await this.readable(caller, zoneId);
    const page = pageOrMarkerNotFound(await this.grants.list(zoneId, query), query);
    return { ...page, items: page.items.map(withoutSecret) };
  }

  async get(caller: Caller, zoneId: string, id: string): Promise<UpdateGrantView> {
    await this.readable(caller, zoneId);
    return withoutSecret((await this.grants.find(zoneId, id)) ?? notFound());
  }

  /** The new grant, its secret in the clear: the only time it is shown. */
  async create(caller: Caller, zoneId: string, input: UpdateGrantInput): Promise<UpdateGrantRecord> {
    authorize(caller, 'write');
    const algorithm = grantAlgorithm(input.algorithm);
    const keyName = grantKeyName(input.keyName);
    const secret = grantSecret(algorithm, input.secret);
    const types = grantTypes(input.types ?? []);
    return this.writing(caller, zoneId, async (tx, zone) => {
      if ((await this.grants.countInZone(tx, zone.id)) >= MAX_GRANTS_PER_ZONE)
        throw badRequest(`A zone holds at most ${MAX_GRANTS_PER_ZONE} update grants`);
      const grant = await this.grants.insert(tx, {
        zoneId: zone.id,
        keyName,
        algorithm,
        secret,
        names: grantNames(zone.name, input.names),
        types,
        allowTransfer: input.allowTransfer ?? false,
        description: input.description ?? null,
      });
      return grant ?? duplicate();
    });
  }

  /** What a grant allows, changed; its key (name, algorithm, secret) stays: make a new grant for a new key. */
  async update(
    caller: Caller,
    zoneId: string,
    id: string,
    update: UpdateGrantUpdate,
  ): Promise<UpdateGrantView> {
    authorize(caller, 'write');
    const types = update.types && grantTypes(update.types);
    return this.writing(caller, zoneId, async (tx, zone) => {
      const changes: UpdateGrantChanges = {
        names: update.names && grantNames(zone.name, update.names),
        types,
        allowTransfer: update.allowTransfer,
        description: update.description,
      };
      return withoutSecret((await this.grants.update(tx, zone.id, id, changes)) ?? notFound());
    });
  }

  /** The key stops working at once (a server reads the grants again on a key it does not hold). */
  async delete(caller: Caller, zoneId: string, id: string): Promise<void> {
    await this.writing(caller, zoneId, async (tx, zone) => {
      if (!(await this.grants.delete(tx, zone.id, id))) notFound();
    });
  }

  /** The keys of the live zone `zoneName`'s grants, to verify signed requests for it (a server may cache them). */
  async keysFor(zoneName: string): Promise<GrantKey[]> {
    return (await this.grants.ofZoneName(canonicalAbsoluteName(zoneName))).map(grantKeyOf);
  }

  /** The key `keyName` of a grant of the live zone `zoneName`; undefined when there is none (BADKEY). */
  async grantKey(zoneName: string, keyName: string): Promise<GrantKey | undefined> {
    const grant = (await this.grants.target(canonicalAbsoluteName(zoneName), canonicalAbsoluteName(keyName)))
      ?.grant;
    return grant ? grantKeyOf(grant) : undefined;
  }

  /** Whether a request signed with `keyName` may transfer (AXFR) the live zone `zoneName`. */
  async mayTransfer(zoneName: string, keyName: string): Promise<boolean> {
    return (await this.grantKey(zoneName, keyName))?.allowTransfer ?? false;
  }

  /** The zone as its project (or an admin) reads its grants: another project's is not found, a share's 403. */
  private async readable(caller: Caller, zoneId: string): Promise<void> {
    authorize(caller, 'read');
    if (throughShare(caller, await this.zones.get(caller, zoneId))) throw forbidden();
  }

  /** `work` on the zone's grants, the zone locked (its project's, not being deleted). */
  private writing<T>(
    caller: Caller,
    zoneId: string,
    work: (tx: Transaction, zone: ZoneRecord) => Promise<T>,
  ): Promise<T> {
    authorize(caller, 'write');
    return this.storage.transaction(async (tx) => {
      const zone = await this.zones.lockInScope(tx, caller, zoneId);
      checkNotDeleting(zone);
      return work(tx, zone);
    });
  }
}

function notFound(): never {
  throw updateGrantNotFound();
}

function duplicate(): never {
  throw duplicateUpdateGrant();
}
