import { ApiSchema } from '@nestjs/swagger';
import { GRANT_MATCHES, UpdateGrantRecord } from '@zonewarden/persistence';
import { UpdateGrantView as GrantRecordView } from '@zonewarden/domain';
import { formatTimestamp } from '../common/http/timestamps';
import { Field, IdField, TextField, TimestampField, ZoneLinks } from '../openapi/api-schemas';
import { zoneUrl } from '../zones/zone.view';

@ApiSchema({ name: 'UpdateGrantName' })
export class GrantNameView {
  @Field({ enum: GRANT_MATCHES }) match!: string;
  @TextField({ example: '_acme-challenge.example.com.' }) name!: string;
}

@ApiSchema({
  name: 'UpdateGrant',
  description: 'A TSIG key that may send RFC 2136 dynamic updates to the zone (docs/dns-updates.md).',
})
export class UpdateGrantView {
  @IdField() id!: string;
  @IdField() zone_id!: string;
  @TextField({ example: 'acme-key.' }) key_name!: string;
  @TextField({ example: 'hmac-sha256' }) algorithm!: string;
  @Field({ type: [GrantNameView] }) names!: GrantNameView[];
  @Field({ type: [String], example: ['TXT'], description: 'Empty: every type the API takes.' })
  types!: string[];
  @Field({ type: Boolean }) allow_transfer!: boolean;
  @TextField({ nullable: true }) description!: string | null;
  @TimestampField() created_at!: string;
  @TimestampField({ nullable: true }) updated_at!: string | null;
  @Field({ type: ZoneLinks }) links!: ZoneLinks;
}

@ApiSchema({ name: 'NewUpdateGrant', description: 'A grant as created: with its secret, shown this once.' })
export class NewUpdateGrantView extends UpdateGrantView {
  @TextField({ description: "Base64: the key's secret, never shown again." }) secret!: string;
}

/** A grant as every answer but its creation's shows it: no secret. */
export function renderUpdateGrant(grant: GrantRecordView, base: string): UpdateGrantView {
  const zone = zoneUrl(base, grant.zoneId);
  return {
    id: grant.id,
    zone_id: grant.zoneId,
    key_name: grant.keyName,
    algorithm: grant.algorithm,
    names: grant.names.map(({ match, name }) => ({ match, name })),
    types: grant.types,
    allow_transfer: grant.allowTransfer,
    description: grant.description,
    created_at: formatTimestamp(grant.createdAt),
    updated_at: formatTimestamp(grant.updatedAt),
    links: { self: `${zone}/update_grants/${grant.id}`, zone },
  };
}

/** The creation's answer: the grant and its secret. */
export function renderNewUpdateGrant(grant: UpdateGrantRecord, base: string): NewUpdateGrantView {
  return { ...renderUpdateGrant(grant, base), secret: grant.secret };
}
