import { TIMESTAMP } from '@zonewarden/testing';

export { TIMESTAMP };
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const ZONE_KEYS = [
  'action',
  'attributes',
  'created_at',
  'description',
  'email',
  'id',
  'links',
  'masters',
  'name',
  'pool_id',
  'project_id',
  'serial',
  'shared',
  'status',
  'transferred_at',
  'ttl',
  'type',
  'updated_at',
  'version',
].sort();

/** Every field of a v2 zone: present, of its type, timestamps in shape, self link absolute. */
export function expectZoneShape(zone: Record<string, unknown>, base: string): void {
  expect(Object.keys(zone).sort()).toEqual(ZONE_KEYS);
  expect(zone.id).toMatch(UUID);
  expect(zone.pool_id).toMatch(UUID);
  expect(typeof zone.project_id).toBe('string');
  expect(zone.name).toMatch(/\.$/);
  expect(typeof zone.email).toBe('string');
  expect(zone.description === null || typeof zone.description === 'string').toBe(true);
  expect(Number.isInteger(zone.ttl)).toBe(true);
  expect(Number.isInteger(zone.serial)).toBe(true);
  expect(['ACTIVE', 'PENDING', 'ERROR']).toContain(zone.status);
  expect(['CREATE', 'UPDATE', 'DELETE', 'NONE']).toContain(zone.action);
  expect(Number.isInteger(zone.version)).toBe(true);
  expect(zone.type).toBe('PRIMARY');
  expect(zone.masters).toEqual([]);
  expect(zone.shared).toBe(false);
  expect(typeof zone.attributes).toBe('object');
  expect(zone.created_at).toMatch(TIMESTAMP);
  if (zone.updated_at !== null) expect(zone.updated_at).toMatch(TIMESTAMP);
  if (zone.transferred_at !== null) expect(zone.transferred_at).toMatch(TIMESTAMP);
  expect(zone.links).toEqual({ self: `${base}/v2/zones/${zone.id}` });
}
