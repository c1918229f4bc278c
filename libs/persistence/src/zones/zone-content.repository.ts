import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';
import { query, withTransaction } from '../sql';

export interface RecordSetContent {
  name: string;
  type: string;
  /** Null: the zone's TTL applies. */
  ttl: number | null;
  records: string[];
}

export interface ZoneContent {
  id: string;
  name: string;
  ttl: number;
  serial: number;
  recordsets: RecordSetContent[];
}

/** A zone is served while it is not being deleted (its targets are told to drop it then). */
const SERVED = Prisma.raw(`action <> 'DELETE' AND status <> 'DELETED'`);

/** What the authoritative DNS server reads: the names of the zones it serves and their content. */
@Injectable()
export class ZoneContentRepository {
  constructor(private readonly prisma: PrismaService) {}

  async servedZoneNames(): Promise<string[]> {
    const rows = await query<{ name: string }>(
      this.prisma.pg,
      Prisma.sql`SELECT name FROM zones WHERE ${SERVED}`,
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
   * batches read through a server-side cursor: a zone of any size streams in bounded memory.
   */
  async eachRecordSet(
    zoneId: string,
    onBatch: (batch: RecordSetContent[]) => Promise<void>,
    batchSize = 1000,
  ): Promise<void> {
    await withTransaction(this.prisma.pg, async (tx) => {
      await query(
        tx,
        Prisma.sql`DECLARE zone_content NO SCROLL CURSOR FOR
          SELECT s.name, s.type, s.ttl, array_agg(r.data ORDER BY r.data) AS records
          FROM recordsets s JOIN zones z ON z.id = s.zone_id JOIN records r ON r.recordset_id = s.id
          WHERE s.zone_id = ${zoneId}::uuid AND s.action <> 'DELETE'
          GROUP BY s.id, s.name, s.type, s.ttl, z.name
          ORDER BY s.type = 'SOA' DESC, (s.type = 'NS' AND s.name = z.name) DESC, s.name, s.type`,
      );
      for (;;) {
        const batch = await query<RecordSetContent>(
          tx,
          Prisma.sql`FETCH ${Prisma.raw(String(batchSize))} FROM zone_content`,
        );
        if (batch.length === 0) break;
        await onBatch(batch);
      }
    });
  }

  /** The zone's record sets with their records, or null when the zone is not served. */
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
    return { id: zone.id, name: zone.name, ttl: zone.ttl, serial: Number(zone.serial), recordsets };
  }
}
