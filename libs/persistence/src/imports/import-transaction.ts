import type { CnameConflict, ZonefileRecord } from '@zonewarden/dns';
import { Prisma } from '../generated/prisma/client';
import { clientOf, query } from '../sql';
import { Transaction } from '../transaction';
import { addRecordCounts, zoneNameBelow } from '../zones/zone-sql';
import type { ZoneRecord } from '../zones/zone.record';

/** Stored pieces of the zonefile (about 64 KB each) per fetch from its cursor. */
const PIECES_PER_FETCH = 4;

/** Staged records that are record sets: the SOA and apex NS are the service's own. */
const RECORD_SETS_ONLY = (origin: string) =>
  Prisma.sql`NOT (type = 'SOA' OR (type = 'NS' AND name = ${origin}))`;

/**
 * An import carried out in one transaction on one connection, so that nothing of the zone is held in
 * memory: the zonefile is read piece by piece from a cursor over its stored pieces (zone_import_chunks), its records are staged in a temporary table
 * as they are read, checked there (CNAMEs, quotas, child zones), and grouped into record sets when the
 * zone is created — the zone, its record sets and the import's completion committing together.
 */
export class ImportTransaction {
  private staged = 0;

  constructor(readonly tx: Transaction) {}

  /**
   * The import's transaction, or null when it is no longer pending or another delivery is carrying it
   * out: its row stays locked until the import commits, so a duplicate request (a redelivery, or the
   * redrive's, which skips locked rows) never runs it twice at once; should that run fail, the row is
   * free again and the redrive requests it anew.
   */
  static async open(tx: Transaction, importId: string): Promise<ImportTransaction | null> {
    const pending = await query(
      tx,
      Prisma.sql`SELECT 1 FROM zone_imports WHERE id = ${importId}::uuid AND status = 'PENDING'
        FOR NO KEY UPDATE SKIP LOCKED`,
    );
    if (pending.length === 0) return null;
    await clientOf(tx).query(`CREATE TEMPORARY TABLE import_records
      (ord int NOT NULL, line int NOT NULL, name text NOT NULL, type text NOT NULL, ttl int NOT NULL, data text NOT NULL)
      ON COMMIT DROP`);
    await query(
      tx,
      Prisma.sql`DECLARE import_pieces NO SCROLL CURSOR FOR
        SELECT content FROM zone_import_chunks WHERE import_id = ${importId}::uuid ORDER BY seq`,
    );
    return new ImportTransaction(tx);
  }

  /** The zonefile's text, as it was sent, in the pieces it was stored in. */
  async *zonefile(): AsyncGenerator<string> {
    for (;;) {
      const { rows } = await clientOf(this.tx).query<{ content: string }>(
        `FETCH ${PIECES_PER_FETCH} FROM import_pieces`,
      );
      if (rows.length === 0) return;
      for (const row of rows) yield row.content;
    }
  }

  /** Adds records, in the order of the file, to the staging table. */
  async stage(records: ZonefileRecord[]): Promise<void> {
    if (records.length === 0) return;
    const ords = records.map(() => this.staged++);
    await query(
      this.tx,
      Prisma.sql`INSERT INTO import_records (ord, line, name, type, ttl, data)
        SELECT * FROM unnest(${ords}::int[], ${records.map((r) => r.line)}::int[], ${records.map((r) => r.name)}::text[],
          ${records.map((r) => r.type)}::text[], ${records.map((r) => r.ttl)}::int[], ${records.map((r) => r.data)}::text[])`,
    );
  }

  /**
   * The first record, in the order of the file, that breaks the CNAME rule given the records before it
   * at its name: a CNAME after other data, other data after a CNAME, a CNAME after a different one.
   */
  async firstCnameConflict(): Promise<CnameConflict | undefined> {
    const [conflict] = await query<CnameConflict>(
      this.tx,
      Prisma.sql`SELECT CASE WHEN type <> 'CNAME' OR other THEN 'CNAME and other data' ELSE 'more than one CNAME' END AS problem,
          name, data, line
        FROM (SELECT ord, line, name, type, data,
            bool_or(type <> 'CNAME') OVER before AS other,
            min(data) FILTER (WHERE type = 'CNAME') OVER before AS least,
            max(data) FILTER (WHERE type = 'CNAME') OVER before AS greatest
          FROM import_records
          WINDOW before AS (PARTITION BY name ORDER BY ord ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)) r
        WHERE CASE WHEN type = 'CNAME' THEN other OR least <> data OR greatest <> data ELSE least IS NOT NULL END
        ORDER BY ord LIMIT 1`,
    );
    return conflict;
  }

  /** Record sets, their records (each set's distinct data) and the largest set, as the quotas count them. */
  async counts(origin: string): Promise<{ sets: number; records: number; largest: number }> {
    const [counts] = await query<{ sets: number; records: number; largest: number }>(
      this.tx,
      Prisma.sql`SELECT count(*)::int AS sets, coalesce(sum(records), 0)::int AS records, coalesce(max(records), 0)::int AS largest
        FROM (SELECT count(DISTINCT data) AS records FROM import_records WHERE ${RECORD_SETS_ONLY(origin)} GROUP BY name, type) s`,
    );
    return counts;
  }

  /** A live zone under `origin` holding one of the record sets (which would belong to it), if any. */
  async childZoneHoldingRecords(origin: string): Promise<string | undefined> {
    const [child] = await query<{ name: string }>(
      this.tx,
      Prisma.sql`SELECT z.name FROM zones z
        WHERE z.status <> 'DELETED' AND ${zoneNameBelow('z', origin)}
          AND EXISTS (SELECT 1 FROM import_records r WHERE ${RECORD_SETS_ONLY(origin)}
            AND (r.name = z.name OR right(r.name, length(z.name) + 1) = '.' || z.name))
        LIMIT 1`,
    );
    return child?.name;
  }

  /**
   * The staged records as the zone's record sets — a set's TTL the smallest of its records', its records
   * the distinct data — counted in the zone.
   */
  async insertRecordSets(zone: ZoneRecord): Promise<void> {
    const [sets] = await query<{ count: number }>(
      this.tx,
      Prisma.sql`WITH inserted AS (INSERT INTO recordsets (id, zone_id, project_id, name, type, ttl, status, action)
          SELECT gen_random_uuid(), ${zone.id}::uuid, ${zone.projectId}, name, type, min(ttl), 'PENDING', 'CREATE'
          FROM import_records WHERE ${RECORD_SETS_ONLY(zone.name)} GROUP BY name, type RETURNING 1)
        SELECT count(*)::int AS count FROM inserted`,
    );
    const [records] = await query<{ count: number }>(
      this.tx,
      Prisma.sql`WITH inserted AS (INSERT INTO records (id, recordset_id, data)
          SELECT gen_random_uuid(), s.id, r.data
          FROM (SELECT DISTINCT name, type, data FROM import_records WHERE ${RECORD_SETS_ONLY(zone.name)}) r
            JOIN recordsets s ON s.zone_id = ${zone.id}::uuid AND s.name = r.name AND s.type = r.type RETURNING 1)
        SELECT count(*)::int AS count FROM inserted`,
    );
    await addRecordCounts(this.tx, zone.id, { sets: sets.count, records: records.count });
  }
}
