import { PoolNsRecordRecord, ZoneRecord } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';

/** The legacy Domain resource. */
export function renderDomain(zone: ZoneRecord) {
  return {
    id: zone.id,
    name: zone.name,
    ttl: zone.ttl,
    serial: zone.serial,
    email: zone.email,
    description: zone.description,
    created_at: formatTimestamp(zone.createdAt),
    updated_at: formatTimestamp(zone.updatedAt),
  };
}

/** The legacy list shows only these keys. */
export function renderDomainSummary(zone: ZoneRecord) {
  const { name, created_at, email, ttl, serial, id } = renderDomain(zone);
  return { name, created_at, email, ttl, serial, id };
}

/** The legacy Server resource shows timestamps as `YYYY-MM-DDTHH:MM:SSZ` (as the specification does). */
const serverTimestamp = (date: Date | null) => (date === null ? null : `${date.toISOString().slice(0, 19)}Z`);

export function renderServer(record: PoolNsRecordRecord) {
  return {
    id: record.id,
    name: record.hostname,
    created_at: serverTimestamp(record.createdAt),
    updated_at: serverTimestamp(record.updatedAt),
  };
}
