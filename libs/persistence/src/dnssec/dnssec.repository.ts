import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';
import { query } from '../sql';
import { Queryable, Transaction } from '../transaction';

/** A signed zone's signing (zone_dnssec). */
export interface ZoneDnssecRecord {
  zoneId: string;
  algorithm: number;
  nextEventAt: Date;
  createdAt: Date;
  updatedAt: Date | null;
}

export type DnssecKeyRole = 'KSK' | 'ZSK';
export type DnssecKeyState = 'PUBLISHED' | 'ACTIVE' | 'RETIRED';

/** A zone key's row; `privateKey` is the KeyRing ciphertext, never the key. */
export interface DnssecKeyRecord {
  id: string;
  zoneId: string;
  role: DnssecKeyRole;
  algorithm: number;
  keyTag: number;
  /** The DNSKEY public key field, base64. */
  publicKey: string;
  privateKey: string;
  state: DnssecKeyState;
  createdAt: Date;
  activateAt: Date | null;
  activatedAt: Date | null;
  retiredAt: Date | null;
  removeAt: Date | null;
}

/** One of the signer's records (zone_dnssec_records), presentation form. */
export interface SignerRecord {
  name: string;
  type: string;
  ttl: number;
  data: string;
}

/** A record set as the signer sees it: the zone's TTL applied where the set has none. */
export interface SignedRecordSet {
  name: string;
  type: string;
  ttl: number;
  records: string[];
}

/**
 * Timestamps are stored as UTC `timestamp`; written and read as UTC whatever the session's time zone. One
 * text for null and a date: statements are prepared by name.
 */
const utc = (date: Date | null) =>
  Prisma.sql`(${date?.toISOString() ?? null}::timestamptz AT TIME ZONE 'UTC')`;
const DNSSEC_COLUMNS =
  Prisma.raw(`zone_id AS "zoneId", algorithm, next_event_at AT TIME ZONE 'UTC' AS "nextEventAt",
  created_at AT TIME ZONE 'UTC' AS "createdAt", updated_at AT TIME ZONE 'UTC' AS "updatedAt"`);
const KEY_COLUMNS = Prisma.raw(`id, zone_id AS "zoneId", role, algorithm, key_tag AS "keyTag",
  public_key AS "publicKey", private_key AS "privateKey", state, created_at AT TIME ZONE 'UTC' AS "createdAt",
  activate_at AT TIME ZONE 'UTC' AS "activateAt", activated_at AT TIME ZONE 'UTC' AS "activatedAt",
  retired_at AT TIME ZONE 'UTC' AS "retiredAt", remove_at AT TIME ZONE 'UTC' AS "removeAt"`);
/** A claimed zone is not claimed again for this long (the claimer sets its next event when done). */
const CLAIM_SECONDS = 300;

/**
 * DNSSEC storage: which zones are signed, their keys, and the signer's records. Every write is in the
 * caller's transaction, under the zone's row lock (the signing seam and the maintenance job take it).
 */
@Injectable()
export class DnssecRepository {
  constructor(private readonly prisma: PrismaService) {}

  async find(db: Queryable, zoneId: string): Promise<ZoneDnssecRecord | null> {
    const [row] = await query<ZoneDnssecRecord>(
      db,
      Prisma.sql`SELECT ${DNSSEC_COLUMNS} FROM zone_dnssec WHERE zone_id = ${zoneId}::uuid`,
      'dnssec-find',
    );
    return row ?? null;
  }

  async insert(tx: Transaction, zoneId: string, algorithm: number, nextEventAt: Date): Promise<void> {
    await query(
      tx,
      Prisma.sql`INSERT INTO zone_dnssec (zone_id, algorithm, next_event_at, created_at)
        VALUES (${zoneId}::uuid, ${algorithm}, ${utc(nextEventAt)}, now() AT TIME ZONE 'UTC')`,
      'dnssec-insert',
    );
  }

  async setNextEvent(tx: Transaction, zoneId: string, nextEventAt: Date): Promise<void> {
    await query(
      tx,
      Prisma.sql`UPDATE zone_dnssec SET next_event_at = ${utc(nextEventAt)}, updated_at = now() AT TIME ZONE 'UTC'
        WHERE zone_id = ${zoneId}::uuid`,
      'dnssec-next-event',
    );
  }

  /** Unsigns the zone: its signing, keys (cascade) and signer's records. */
  async remove(tx: Transaction, zoneId: string): Promise<void> {
    await query(
      tx,
      Prisma.sql`DELETE FROM zone_dnssec_records WHERE zone_id = ${zoneId}::uuid`,
      'dnssec-records-clear',
    );
    await query(tx, Prisma.sql`DELETE FROM zone_dnssec WHERE zone_id = ${zoneId}::uuid`, 'dnssec-remove');
  }

  async keys(db: Queryable, zoneId: string): Promise<DnssecKeyRecord[]> {
    return query<DnssecKeyRecord>(
      db,
      Prisma.sql`SELECT ${KEY_COLUMNS} FROM zone_dnssec_keys WHERE zone_id = ${zoneId}::uuid ORDER BY role, created_at, id`,
      'dnssec-keys',
    );
  }

  async insertKey(tx: Transaction, key: Omit<DnssecKeyRecord, 'createdAt'>): Promise<void> {
    await query(
      tx,
      Prisma.sql`INSERT INTO zone_dnssec_keys (id, zone_id, role, algorithm, key_tag, public_key, private_key, state,
          created_at, activate_at, activated_at, retired_at, remove_at)
        VALUES (${key.id}::uuid, ${key.zoneId}::uuid, ${key.role}, ${key.algorithm}, ${key.keyTag}, ${key.publicKey},
          ${key.privateKey}, ${key.state}, now() AT TIME ZONE 'UTC', ${utc(key.activateAt)}, ${utc(key.activatedAt)},
          ${utc(key.retiredAt)}, ${utc(key.removeAt)})`,
      'dnssec-key-insert',
    );
  }

  /** Writes a key's state and timestamps (the rest of a key never changes). */
  async updateKey(tx: Transaction, key: DnssecKeyRecord): Promise<void> {
    await query(
      tx,
      Prisma.sql`UPDATE zone_dnssec_keys SET state = ${key.state}, activate_at = ${utc(key.activateAt)},
          activated_at = ${utc(key.activatedAt)}, retired_at = ${utc(key.retiredAt)}, remove_at = ${utc(key.removeAt)}
        WHERE id = ${key.id}::uuid`,
      'dnssec-key-update',
    );
  }

  /** A private key encrypted again (under the operator's current key-encryption key). */
  async setPrivateKey(tx: Transaction, id: string, privateKey: string): Promise<void> {
    await query(
      tx,
      Prisma.sql`UPDATE zone_dnssec_keys SET private_key = ${privateKey} WHERE id = ${id}::uuid`,
      'dnssec-key-reencrypt',
    );
  }

  async deleteKey(tx: Transaction, id: string): Promise<void> {
    await query(tx, Prisma.sql`DELETE FROM zone_dnssec_keys WHERE id = ${id}::uuid`, 'dnssec-key-delete');
  }

  /** The zone's live record sets as served (the zone's TTL where a set has none), what is signed. */
  async recordSets(tx: Transaction, zoneId: string): Promise<SignedRecordSet[]> {
    return query<SignedRecordSet>(
      tx,
      Prisma.sql`SELECT s.name, s.type, COALESCE(s.ttl, z.ttl) AS ttl, array_agg(r.data ORDER BY r.data) AS records
        FROM recordsets s JOIN zones z ON z.id = s.zone_id JOIN records r ON r.recordset_id = s.id
        WHERE s.zone_id = ${zoneId}::uuid AND s.action <> 'DELETE' GROUP BY s.id, s.name, s.type, s.ttl, z.ttl`,
      'dnssec-recordsets',
    );
  }

  /** The signer's record sets that are the zone's keys (DNSKEY) and their signals to the parent (CDS, CDNSKEY). */
  async keyRecordSets(tx: Transaction, zoneId: string): Promise<SignedRecordSet[]> {
    return query<SignedRecordSet>(
      tx,
      Prisma.sql`SELECT name, type, min(ttl)::int AS ttl, array_agg(data ORDER BY data) AS records FROM zone_dnssec_records
        WHERE zone_id = ${zoneId}::uuid AND type IN ('DNSKEY', 'CDS', 'CDNSKEY') GROUP BY name, type`,
      'dnssec-key-recordsets',
    );
  }

  async signerRecords(db: Queryable, zoneId: string): Promise<SignerRecord[]> {
    return query<SignerRecord>(
      db,
      Prisma.sql`SELECT name, type, ttl, data FROM zone_dnssec_records WHERE zone_id = ${zoneId}::uuid ORDER BY id`,
      'dnssec-records',
    );
  }

  /** Removes then adds signer's records (a removed record is matched whole; one row per record). */
  async applyDelta(
    tx: Transaction,
    zoneId: string,
    delta: { add: readonly SignerRecord[]; remove: readonly SignerRecord[] },
  ): Promise<void> {
    if (delta.remove.length > 0) {
      const { remove } = delta;
      await query(
        tx,
        Prisma.sql`DELETE FROM zone_dnssec_records d USING
            unnest(${remove.map((r) => r.name)}::text[], ${remove.map((r) => r.type)}::text[],
              ${remove.map((r) => r.ttl)}::int[], ${remove.map((r) => r.data)}::text[]) AS x(name, type, ttl, data)
          WHERE d.zone_id = ${zoneId}::uuid AND d.name = x.name AND d.type = x.type AND d.ttl = x.ttl AND d.data = x.data`,
        'dnssec-records-remove',
      );
    }
    if (delta.add.length > 0) {
      const { add } = delta;
      // `covers`: the type an RRSIG covers, its first rdata field, for lookups by owner and type.
      await query(
        tx,
        Prisma.sql`INSERT INTO zone_dnssec_records (zone_id, name, type, covers, ttl, data)
          SELECT ${zoneId}::uuid, x.name, x.type, CASE WHEN x.type = 'RRSIG' THEN split_part(x.data, ' ', 1) END, x.ttl, x.data
          FROM unnest(${add.map((r) => r.name)}::text[], ${add.map((r) => r.type)}::text[],
            ${add.map((r) => r.ttl)}::int[], ${add.map((r) => r.data)}::text[]) AS x(name, type, ttl, data)`,
        'dnssec-records-add',
      );
    }
  }

  /**
   * Claims up to `limit` signed zones whose next event (a rollover step, signatures to refresh) is due;
   * concurrent workers take different ones, and a claimer that dies leaves the zone to be claimed again.
   */
  async claimDue(limit: number): Promise<string[]> {
    const rows = await query<{ zoneId: string }>(
      this.prisma.pg,
      Prisma.sql`UPDATE zone_dnssec SET next_event_at = (now() AT TIME ZONE 'UTC') + make_interval(secs => ${CLAIM_SECONDS})
        WHERE zone_id IN (SELECT d.zone_id FROM zone_dnssec d JOIN zones z ON z.id = d.zone_id
          WHERE d.next_event_at <= now() AT TIME ZONE 'UTC' AND z.action <> 'DELETE'
          ORDER BY d.next_event_at LIMIT ${limit} FOR UPDATE OF d SKIP LOCKED)
        RETURNING zone_id AS "zoneId"`,
      'dnssec-claim-due',
    );
    return rows.map((row) => row.zoneId);
  }
}
