/** Designate's quota resources. A negative limit means unlimited. */
export const QUOTA_RESOURCES = [
  'zones',
  'zone_recordsets',
  'zone_records',
  'recordset_records',
  'api_export_size',
] as const;
export type QuotaResource = (typeof QUOTA_RESOURCES)[number];
export type Quotas = Record<QuotaResource, number>;
