/**
 * The success status of each route whose code Designate 15 gives differently from the seed's
 * specification (Designate sets `response.status_int = 202` while the change is PENDING, which it always is
 * when answered). `DESIGNATE_STATUS_CODES=true` answers Designate's; the seed's stay the default.
 */
const SUCCESS_STATUS = {
  createZone: { seed: 201, designate: 202 },
  updateZone: { seed: 200, designate: 202 },
  createRecordSet: { seed: 201, designate: 202 },
  updateRecordSet: { seed: 200, designate: 202 },
  createImport: { seed: 201, designate: 202 },
  // Zonewarden's batches and reverts: as a record set's create, PENDING until propagated.
  createChange: { seed: 201, designate: 202 },
} as const;

export type SuccessRoute = keyof typeof SUCCESS_STATUS;

export function successStatus(config: { DESIGNATE_STATUS_CODES: boolean }, route: SuccessRoute): number {
  return SUCCESS_STATUS[route][config.DESIGNATE_STATUS_CODES ? 'designate' : 'seed'];
}
