import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';
import { query } from '../sql';

export interface RecordSetContent {
  name: string;
  type: string;
  /** Null: the zone's TTL applies. */
  ttl: number | null;
  records: string[];
}

/** A record the zone's DNSSEC signer made (DNSKEY, CDS, CDNSKEY, NSEC, RRSIG); `covers`: an RRSIG's type. */
export interface DnssecRecordContent {
  name: string;
  type: string;
  covers: string | null;
  ttl: number;
  data: string;
}

export interface ZoneContent {
  id: string;
  name: string;
  ttl: number;
  serial: number;
  recordsets: RecordSetContent[];
  /** The signer's records; a zone with any is signed. */
  dnssec: DnssecRecordContent[];
  /** A pool's catalog zone (`id` is the pool's): the version its serial stands for. */
  catalogVersion?: number;
}

/** A record set's content, its records in a stable order (`s` is the record set). */
const RECORD_SET_CONTENT = Prisma.raw(`s.name, s.type, s.ttl,
  (SELECT array_agg(r.data ORDER BY r.data) FROM records r WHERE r.recordset_id = s.id) AS records`);
/** The SOA and the apex NS (`z` is the zone), which an export puts first. */
const APEX_MANAGED = Prisma.raw(`(s.type = 'SOA' OR (s.type = 'NS' AND s.name = z.name))`);

/**
 * A zone is served while it is not being deleted (its targets are told to drop it then); a SECONDARY
 * zone once it was first transferred.
 */
const SERVED = Prisma.raw(
  `action <> 'DELETE' AND status <> 'DELETED' AND (type <> 'SECONDARY' OR transferred_at IS NOT NULL)`,
);

/** What the authoritative DNS server reads: the names of the zones it serves and their content. */
@Injectable()
export class ZoneContentRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The served zones' names after `after` in name order, at most `limit` of them, without their trailing
   * dot (`example.com`, as mini-dns indexes them). The whole index is read page by page (keyset on the
   * served-name partial index, index-only), each page as one JSON array: a million names are read in half
   * the time rows would take, each a string of its own (no slice of a larger one kept alive). The pools'
   * catalog zones are served too.
   */
  async servedZoneNames(after: string, limit: number): Promise<string[]> {
    const from = after ? `${after}.` : '';
    const [row] = await query<{ names: string[] | null }>(
      this.prisma.pg,
      Prisma.sql`SELECT json_agg(left(name, -1) ORDER BY name) AS names FROM (
          (SELECT name FROM zones WHERE ${SERVED} AND name > ${from} ORDER BY name LIMIT ${limit})
          UNION ALL (SELECT name FROM catalog_zones WHERE name > ${from} ORDER BY name LIMIT ${limit})
          ORDER BY name LIMIT ${limit}) page`,
      'zone-served-names',
    );
    return row.names ?? [];
  }

  /** Which of `names` are served now (zones and catalog zones). */
  async servedAmong(names: string[]): Promise<string[]> {
    const rows = await query<{ name: string }>(
      this.prisma.pg,
      Prisma.sql`SELECT name FROM zones WHERE ${SERVED} AND name = ANY(${names}::text[])
        UNION ALL SELECT name FROM catalog_zones WHERE name = ANY(${names}::text[])`,
      'zone-served-among',
    );
    return rows.map((row) => row.name);
  }

  /** How many record sets the zone has (what the export size quota counts). */
  async recordSetCount(zoneId: string): Promise<number> {
    const [row] = await query<{ count: number }>(
      this.prisma.pg,
      Prisma.sql`SELECT count(*)::int AS count FROM recordsets WHERE zone_id = ${zoneId}::uuid AND action <> 'DELETE'`,
      'zone-recordset-count',
    );
    return row.count;
  }

  /**
   * Every live record set of a zone, SOA first, then the apex NS, then by name and type, handed over in
   * batches read page by page (keyset on the unique name/type index): a zone of any size streams in
   * bounded memory, and no connection or transaction is held while `onBatch` waits (on a slow client).
   * A change made while it streams may or may not show.
   */
  async eachRecordSet(
    zoneId: string,
    onBatch: (batch: RecordSetContent[]) => Promise<void>,
    batchSize = 1000,
  ): Promise<void> {
    const head = await query<RecordSetContent>(
      this.prisma.pg,
      Prisma.sql`SELECT ${RECORD_SET_CONTENT} FROM recordsets s JOIN zones z ON z.id = s.zone_id
        WHERE s.zone_id = ${zoneId}::uuid AND s.action <> 'DELETE' AND ${APEX_MANAGED}
        ORDER BY s.type = 'SOA' DESC`,
      'zone-content-head',
    );
    await onBatch(head.filter((set) => set.records));
    for (let after: RecordSetContent | undefined; ;) {
      const page = await query<RecordSetContent>(
        this.prisma.pg,
        Prisma.sql`SELECT ${RECORD_SET_CONTENT} FROM recordsets s JOIN zones z ON z.id = s.zone_id
          WHERE s.zone_id = ${zoneId}::uuid AND s.action <> 'DELETE' AND NOT ${APEX_MANAGED}
            AND (s.name, s.type) > (${after?.name ?? ''}, ${after?.type ?? ''})
          ORDER BY s.name, s.type LIMIT ${batchSize}`,
        'zone-content-page',
      );
      if (page.length === 0) return;
      await onBatch(page.filter((set) => set.records));
      after = page[page.length - 1];
    }
  }

  /** The zone's record sets with their records and its signer's records, or null when the zone is not served. */
  async load(name: string): Promise<ZoneContent | null> {
    const [zone] = await query<{ id: string; name: string; ttl: number; serial: string }>(
      this.prisma.pg,
      Prisma.sql`SELECT id, name, ttl, serial FROM zones WHERE name = ${name} AND ${SERVED}`,
      'zone-content-zone',
    );
    if (!zone) return null;
    const recordsets = await query<RecordSetContent>(
      this.prisma.pg,
      Prisma.sql`SELECT s.name, s.type, s.ttl, array_agg(r.data ORDER BY r.data) AS records
        FROM recordsets s JOIN records r ON r.recordset_id = s.id
        WHERE s.zone_id = ${zone.id}::uuid AND s.action <> 'DELETE' GROUP BY s.id, s.name, s.type, s.ttl`,
      'zone-content-recordsets',
    );
    const dnssec = await query<DnssecRecordContent>(
      this.prisma.pg,
      Prisma.sql`SELECT name, type, covers, ttl, data FROM zone_dnssec_records WHERE zone_id = ${zone.id}::uuid`,
      'zone-content-dnssec',
    );
    return { id: zone.id, name: zone.name, ttl: zone.ttl, serial: Number(zone.serial), recordsets, dnssec };
  }
}
