import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PoolNsRecordRecord, ZoneRecord } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';
import { IdField, IntegerField, TextField, TimestampField } from '../openapi/api-schemas';

/** What the legacy list shows of a domain. */
@ApiSchema({ name: 'LegacyDomainSummary' })
export class DomainSummaryView {
  @TextField({ example: 'example.com.' }) name!: string;
  @TimestampField() created_at!: string;
  @TextField({ example: 'hostmaster@example.com' }) email!: string;
  @IntegerField({ example: 3600 }) ttl!: number;
  @IntegerField() serial!: number;
  @IdField() id!: string;
}

@ApiSchema({ name: 'LegacyDomain' })
export class DomainView extends DomainSummaryView {
  @TextField({ nullable: true }) description!: string | null;
  @TimestampField({ nullable: true }) updated_at!: string | null;
}

@ApiSchema({ name: 'LegacyDomainList' })
export class DomainListView {
  @ApiProperty({ type: [DomainSummaryView] }) domains!: DomainSummaryView[];
}

const SERVER_TIMESTAMP = { type: String, pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$' };

/** A nameserver of the domain's pool, in the legacy shape. */
@ApiSchema({ name: 'LegacyServer' })
export class ServerView {
  @IdField() id!: string;
  @TextField({ example: 'ns1.example.org.' }) name!: string;
  @ApiProperty({ ...SERVER_TIMESTAMP, example: '2026-01-02T03:04:05Z' }) created_at!: string | null;
  @ApiProperty({ ...SERVER_TIMESTAMP, nullable: true }) updated_at!: string | null;
}

/** The legacy Domain resource. */
export function renderDomain(zone: ZoneRecord): DomainView {
  return {
    id: zone.id,
    name: zone.writtenName,
    ttl: zone.ttl,
    serial: zone.serial,
    email: zone.email,
    description: zone.description,
    created_at: formatTimestamp(zone.createdAt),
    updated_at: formatTimestamp(zone.updatedAt),
  };
}

/** The legacy list shows only these keys. */
export function renderDomainSummary(zone: ZoneRecord): DomainSummaryView {
  const { name, created_at, email, ttl, serial, id } = renderDomain(zone);
  return { name, created_at, email, ttl, serial, id };
}

/** The legacy Server resource shows timestamps as `YYYY-MM-DDTHH:MM:SSZ` (as the specification does). */
const serverTimestamp = (date: Date | null) => (date === null ? null : `${date.toISOString().slice(0, 19)}Z`);

export function renderServer(record: PoolNsRecordRecord): ServerView {
  return {
    id: record.id,
    name: record.hostname,
    created_at: serverTimestamp(record.createdAt),
    updated_at: serverTimestamp(record.updatedAt),
  };
}
