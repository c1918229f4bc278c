import { ApiSchema } from '@nestjs/swagger';
import { TsigKeyRecord } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';
import { Field, IdField, SelfLink, TextField, TimestampField } from '../openapi/api-schemas';

@ApiSchema({ name: 'TsigKey' })
export class TsigKeyView {
  @IdField() id!: string;
  @TextField({ example: 'transfer-key' }) name!: string;
  @TextField({ example: 'hmac-sha256' }) algorithm!: string;
  @TextField({ description: 'Base64, shown to admins as Designate shows it.' }) secret!: string;
  @Field({ enum: ['POOL', 'ZONE'] }) scope!: string;
  @IdField('The pool or zone the key is for.') resource_id!: string;
  @TimestampField() created_at!: string;
  @TimestampField({ nullable: true }) updated_at!: string | null;
  @Field({ type: SelfLink }) links!: SelfLink;
}

/** The v2 TSIG key representation (Designate's field set, the secret included: an admin resource). */
export function renderTsigKey(key: TsigKeyRecord, base: string): TsigKeyView {
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
