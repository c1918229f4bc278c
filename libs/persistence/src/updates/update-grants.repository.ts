import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { ListQuery, Page, listPage } from '../collections/keyset';
import { PrismaService } from '../prisma.service';
import { isUniqueViolation, query } from '../sql';
import { Transaction } from '../transaction';
import { TsigSecrets } from '../tsigkeys/tsig-secrets';
import { ZoneType } from '../zones/zone.record';
import {
  NewUpdateGrant,
  UPDATE_GRANT_COLLECTION,
  UpdateGrantChanges,
  UpdateGrantRecord,
} from './update-grant.record';

const COLUMNS = Prisma.raw(`t.id, t.zone_id AS "zoneId", t.key_name AS "keyName", t.algorithm, t.secret,
  t.names, t.types, t.allow_transfer AS "allowTransfer", t.description,
  t.created_at AT TIME ZONE 'UTC' AS "createdAt", t.updated_at AT TIME ZONE 'UTC' AS "updatedAt"`);

/** What a dynamic update is addressed to: the live zone of that name and the key's grant there, if any. */
export interface UpdateTarget {
  zoneId: string;
  zoneType: ZoneType;
  projectId: string;
  grant: UpdateGrantRecord | null;
}

/**
 * A secret's row binding: a grant's ciphertext opens only on its own row, and never as a /v2/tsigkeys key's
 * (their bindings are those keys' UUIDs).
 */
const secretContext = (id: string) => `update-grant:${id}`;

/**
 * Update grants: reads and writes only; who manages them and what they allow is the domain's
 * (UpdateGrantsService, DynamicUpdateService). Secrets are sealed on every write and opened on every read,
 * as TsigKeysRepository does. Null answers a key name already taken in the zone.
 */
@Injectable()
export class UpdateGrantsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly secrets: TsigSecrets,
  ) {}

  async list(zoneId: string, listQuery: ListQuery): Promise<Page<UpdateGrantRecord> | null> {
    const page = await listPage<UpdateGrantRecord>(
      this.prisma.pg,
      UPDATE_GRANT_COLLECTION,
      COLUMNS,
      [Prisma.sql`t.zone_id = ${zoneId}::uuid`],
      listQuery,
    );
    return page && { ...page, items: page.items.map((row) => this.opened(row)) };
  }

  async find(zoneId: string, id: string): Promise<UpdateGrantRecord | null> {
    const [row] = await query<UpdateGrantRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${COLUMNS} FROM update_grants t WHERE t.id = ${id}::uuid AND t.zone_id = ${zoneId}::uuid`,
      'update-grant-find',
    );
    return row ? this.opened(row) : null;
  }

  /** The grants of the live zone `zoneName` (lower case). */
  async ofZoneName(zoneName: string): Promise<UpdateGrantRecord[]> {
    const rows = await query<UpdateGrantRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${COLUMNS} FROM update_grants t JOIN zones z ON z.id = t.zone_id
        WHERE z.name = ${zoneName} AND z.status <> 'DELETED' ORDER BY t.key_name`,
      'update-grants-of-zone-name',
    );
    return rows.map((row) => this.opened(row));
  }

  /** The live zone `zoneName` and the grant of `keyName` in it (both lower case); null: no such zone. */
  async target(zoneName: string, keyName: string): Promise<UpdateTarget | null> {
    const [row] = await query<UpdateGrantRecord & { zoneKey: string; zoneType: ZoneType; projectId: string }>(
      this.prisma.pg,
      Prisma.sql`SELECT z.id AS "zoneKey", z.type::text AS "zoneType", z.project_id AS "projectId", ${COLUMNS}
        FROM zones z LEFT JOIN update_grants t ON t.zone_id = z.id AND t.key_name = ${keyName}
        WHERE z.name = ${zoneName} AND z.status <> 'DELETED'`,
      'update-target',
    );
    if (!row) return null;
    const { zoneKey, zoneType, projectId, ...grant } = row;
    return { zoneId: zoneKey, zoneType, projectId, grant: grant.id === null ? null : this.opened(grant) };
  }

  /** How many grants the zone has (the caller holds the zone's lock, so the count holds). */
  async countInZone(tx: Transaction, zoneId: string): Promise<number> {
    const [{ count }] = await query<{ count: number }>(
      tx,
      Prisma.sql`SELECT count(*)::int AS count FROM update_grants WHERE zone_id = ${zoneId}::uuid`,
      'update-grants-count',
    );
    return count;
  }

  async insert(tx: Transaction, grant: NewUpdateGrant): Promise<UpdateGrantRecord | null> {
    const id = randomUUID();
    return this.unlessKeyNameTaken(async () => {
      const [row] = await query<UpdateGrantRecord>(
        tx,
        Prisma.sql`INSERT INTO update_grants AS t (id, zone_id, key_name, algorithm, secret, names, types,
            allow_transfer, description)
          VALUES (${id}::uuid, ${grant.zoneId}::uuid, ${grant.keyName}, ${grant.algorithm},
            ${this.secrets.seal(grant.secret, secretContext(id))}, ${JSON.stringify(grant.names)}::jsonb,
            ${grant.types}::text[], ${grant.allowTransfer}, ${grant.description})
          RETURNING ${COLUMNS}`,
        'update-grant-insert',
      );
      return this.opened(row);
    });
  }

  /** The grant as changed; null when the zone has no such grant. */
  async update(
    tx: Transaction,
    zoneId: string,
    id: string,
    changes: UpdateGrantChanges,
  ): Promise<UpdateGrantRecord | null> {
    const names = changes.names === undefined ? null : JSON.stringify(changes.names);
    const [row] = await query<UpdateGrantRecord>(
      tx,
      Prisma.sql`UPDATE update_grants AS t SET names = COALESCE(${names}::jsonb, names),
          types = COALESCE(${changes.types ?? null}::text[], types),
          allow_transfer = COALESCE(${changes.allowTransfer ?? null}::boolean, allow_transfer),
          description = CASE WHEN ${changes.description !== undefined} THEN ${changes.description ?? null} ELSE description END,
          updated_at = now()
        WHERE t.id = ${id}::uuid AND t.zone_id = ${zoneId}::uuid RETURNING ${COLUMNS}`,
      'update-grant-update',
    );
    return row ? this.opened(row) : null;
  }

  async delete(tx: Transaction, zoneId: string, id: string): Promise<boolean> {
    const rows = await query(
      tx,
      Prisma.sql`DELETE FROM update_grants WHERE id = ${id}::uuid AND zone_id = ${zoneId}::uuid RETURNING id`,
      'update-grant-delete',
    );
    return rows.length > 0;
  }

  /** Every grant of the zone (its ownership moved to another project). */
  async deleteAllOf(tx: Transaction, zoneId: string): Promise<void> {
    await query(tx, Prisma.sql`DELETE FROM update_grants WHERE zone_id = ${zoneId}::uuid`);
  }

  private opened(row: UpdateGrantRecord): UpdateGrantRecord {
    return { ...row, secret: this.secrets.open(row.secret, secretContext(row.id)) };
  }

  private async unlessKeyNameTaken<T>(write: () => Promise<T>): Promise<T | null> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'update_grants_zone_id_key_name_key')) return null;
      throw error;
    }
  }
}
