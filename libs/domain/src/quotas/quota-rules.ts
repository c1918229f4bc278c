import { QuotaResource, Quotas } from '@zonewarden/config';
import { overQuota } from './quotas.errors';

/** A negative limit means unlimited. */
export function withinQuota(limit: number, wanted: number): boolean {
  return limit < 0 || wanted <= limit;
}

/** Throws over_quota for `resource` when `wanted` is above its limit. */
export function checkQuota(quotas: Quotas, resource: QuotaResource, wanted: number): void {
  if (!withinQuota(quotas[resource], wanted)) throw overQuota(resource);
}

/**
 * A zone's content within the record quotas — its record sets, its records (managed ones aside), and the
 * records of its largest set — after a change through the API or an import.
 */
export function checkZoneContentQuotas(
  quotas: Quotas,
  content: { sets: number; records: number; largest: number },
): void {
  checkQuota(quotas, 'recordset_records', content.largest);
  checkQuota(quotas, 'zone_recordsets', content.sets);
  checkQuota(quotas, 'zone_records', content.records);
}

/** The project's overrides on top of the operator's defaults (unknown resources ignored). */
export function effectiveQuotas(
  defaults: Quotas,
  overrides: { resource: string; hardLimit: number }[],
): Quotas {
  const quotas = { ...defaults };
  for (const row of overrides)
    if (row.resource in quotas) quotas[row.resource as QuotaResource] = row.hardLimit;
  return quotas;
}
