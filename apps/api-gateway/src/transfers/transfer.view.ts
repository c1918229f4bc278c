import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { RequestView } from '@zonewarden/domain';
import { TASK_STATUSES, TransferAcceptRecord, TransferRequestRecord } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';
import {
  Field,
  IdField,
  SelfLink,
  TIMESTAMP_PATTERN,
  TextField,
  TimestampField,
  ZoneLinks,
} from '../openapi/api-schemas';
import { zoneUrl } from '../zones/zone.view';

/** A zone transfer request; the fields after `links` are shown to the owner and the target project only. */
@ApiSchema({ name: 'ZoneTransferRequest' })
export class TransferRequestView {
  @IdField() id!: string;
  @IdField() zone_id!: string;
  @TextField({ example: 'example.com.' }) zone_name!: string;
  @TextField({ nullable: true }) description!: string | null;
  @Field({ enum: TASK_STATUSES, description: 'ACTIVE until accepted (COMPLETE).' }) status!: string;
  @Field({ type: SelfLink }) links!: SelfLink;
  @ApiPropertyOptional({ type: String, description: 'The owner and the target project only.' })
  project_id?: string;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'The project that may accept it (null: any). The owner and the target project only.',
  })
  target_project_id?: string | null;
  @ApiPropertyOptional({
    type: String,
    pattern: TIMESTAMP_PATTERN,
    description: 'The owner and the target project only.',
  })
  created_at?: string;
  @ApiPropertyOptional({ type: String, pattern: TIMESTAMP_PATTERN, nullable: true })
  updated_at?: string | null;
  @ApiPropertyOptional({
    type: String,
    pattern: '^[A-Z0-9]{16}$',
    description: 'The key an acceptor gives: shown to the owner only.',
  })
  key?: string;
}

/** An accepted transfer. */
@ApiSchema({ name: 'ZoneTransferAccept' })
export class TransferAcceptView {
  @IdField() id!: string;
  @Field({ enum: TASK_STATUSES }) status!: string;
  @IdField() zone_id!: string;
  @IdField() zone_transfer_request_id!: string;
  @TextField({ description: 'The accepting project, the new owner.' }) project_id!: string;
  @TimestampField() created_at!: string;
  @TimestampField({ nullable: true }) updated_at!: string | null;
  @Field({ type: ZoneLinks }) links!: ZoneLinks;
}

/**
 * The owner sees every field, the key included; the target project every field but the key; any other
 * project only `id, zone_id, zone_name, description, status, links`.
 */
export function renderTransferRequest(
  request: TransferRequestRecord,
  base: string,
  view: RequestView,
): TransferRequestView {
  const links = { self: `${base}/v2/zones/tasks/transfer_requests/${request.id}` };
  const reduced = {
    id: request.id,
    zone_id: request.zoneId,
    zone_name: request.zoneName,
    description: request.description,
    status: request.status,
    links,
  };
  if (view === 'other') return reduced;
  const full = {
    ...reduced,
    project_id: request.projectId,
    target_project_id: request.targetProjectId,
    created_at: formatTimestamp(request.createdAt),
    updated_at: formatTimestamp(request.updatedAt),
  };
  return view === 'owner' ? { ...full, key: request.key } : full;
}

export function renderTransferAccept(accept: TransferAcceptRecord, base: string): TransferAcceptView {
  return {
    id: accept.id,
    status: accept.status,
    zone_id: accept.zoneId,
    zone_transfer_request_id: accept.zoneTransferRequestId,
    project_id: accept.projectId,
    created_at: formatTimestamp(accept.createdAt),
    updated_at: formatTimestamp(accept.updatedAt),
    links: {
      self: `${base}/v2/zones/tasks/transfer_accepts/${accept.id}`,
      zone: zoneUrl(base, accept.zoneId),
    },
  };
}
