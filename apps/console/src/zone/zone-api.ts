import { api, nextMarker, query } from '../api';
import type { Links, RecordSet, Zone } from '../types';

export const zonePath = (zoneId: string, ...rest: string[]) =>
  ['/v2/zones', encodeURIComponent(zoneId), ...rest].join('/');

export const loadZone = (zoneId: string) => api<Zone>(zonePath(zoneId));

/** Every record set of a zone, page by page (at most the API's largest page each time). */
export async function allRecordSets(zoneId: string): Promise<RecordSet[]> {
  const sets: RecordSet[] = [];
  let marker: string | undefined;
  do {
    const page = await api<{ recordsets: RecordSet[]; links: Links }>(
      `${zonePath(zoneId, 'recordsets')}${query({ limit: 1000, marker, sort_key: 'name' })}`,
    );
    sets.push(...page.recordsets);
    marker = nextMarker(page.links);
  } while (marker);
  return sets;
}

/** `name` absolute in `zone`: relative names (`www`, `@`) are the zone's. */
export function absoluteName(name: string, zone: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed === '@') return zone;
  return trimmed.endsWith('.') ? trimmed : `${trimmed}.${zone}`;
}

/** `name` relative to `zone` where it is inside it (`@` for the apex), as a zonefile writes it. */
export function relativeName(name: string, zone: string): string {
  if (name === zone) return '@';
  return name.endsWith(`.${zone}`) ? name.slice(0, -zone.length - 1) : name;
}

/** The service's own record sets, which the console shows but does not edit: the SOA, the apex NS. */
export const isManaged = (set: { name: string; type: string }, zone: string) =>
  set.type === 'SOA' || (set.type === 'NS' && set.name === zone);
