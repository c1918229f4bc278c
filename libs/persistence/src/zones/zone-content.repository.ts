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
