import { TsigKeyRecord } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';

/** The v2 TSIG key representation (Designate's field set, the secret included: an admin resource). */
export function renderTsigKey(key: TsigKeyRecord, base: string) {
  return {
    id: key.id,
    name: key.name,
    algorithm: key.algorithm,
    secret: key.secret,
    scope: key.scope,
    resource_id: key.resourceId,
    created_at: formatTimestamp(key.createdAt),
    updated_at: formatTimestamp(key.updatedAt),
    links: { self: `${base}/v2/tsigkeys/${key.id}` },
  };
}
