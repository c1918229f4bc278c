import { ZoneHeader, ZoneImportChecks, ZonefileRecord, cnameConflictError } from '@zonewarden/dns';
import { ImportTransaction } from '@zonewarden/persistence';

/** Records per insert into the staging table. */
const STAGE_BATCH = 5000;

/**
 * Reads an import's zonefile from storage into its staging table as it is parsed, so that the worker
 * holds a few thousand records at most, whatever the file; then checks it in Designate's order. Resolves
 * with the zone its SOA gives, or rejects with the file's first error (ZonefileError).
 */
export async function stageZonefile(transaction: ImportTransaction): Promise<ZoneHeader> {
  const batch: ZonefileRecord[] = [];
  const checks = new ZoneImportChecks((record) => batch.push(record));
  const stage = () => transaction.stage(batch.splice(0));
  for await (const piece of transaction.zonefile()) {
    checks.push(piece);
    if (batch.length >= STAGE_BATCH) await stage();
  }
  // The end of the file: its last records, or its error, then the SOA's.
  const zone = checks.zone();
  await stage();
  const conflict = await transaction.firstCnameConflict();
  if (conflict) throw cnameConflictError(conflict);
  checks.checkNames();
  return zone;
}
