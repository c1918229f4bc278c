import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';

const KEK_FILE = 'dnssec-key-encryption-key';

/**
 * The all-in-one mode's DNSSEC_KEY_ENCRYPTION_KEYS when the operator gave none: a random key made once
 * and kept (mode 0600) in the data directory, beside the embedded database whose zone keys it protects,
 * so that zones can be signed with no setup and stay signable across restarts. Losing the file loses the
 * signed zones' private keys: they are then disabled and enabled again (new keys, new DS at the parent).
 */
export function devKeyEncryptionKeys(dataDir: string): string {
  const file = path.join(dataDir, KEK_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const value = `local=${randomBytes(32).toString('base64url')}`;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}
