import { QuotaResource, Quotas, overQuota, withinQuota } from '@zonewarden/persistence';

// withinQuota and overQuota still live in libs/persistence while its record set and transfer writes
// check quotas in their own transactions; they move here with those rules.
export { overQuota, withinQuota };

/** Throws over_quota for `resource` when `wanted` is above its limit. */
export function checkQuota(quotas: Quotas, resource: QuotaResource, wanted: number): void {
  if (!withinQuota(quotas[resource], wanted)) throw overQuota(resource);
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
