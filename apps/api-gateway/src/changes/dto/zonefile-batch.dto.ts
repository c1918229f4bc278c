import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsDefined, IsString } from 'class-validator';
import { Field, IntegerField } from '../../openapi/api-schemas';
import { BatchActionDto } from './batch.dto';

/** A zone's record sets as a zonefile (the console's "edit as text"). */
@ApiSchema({ name: 'ZonefileBatchRequest' })
export class ZonefileBatchDto {
  @ApiProperty({
    type: String,
    description:
      "The zone's records as a zonefile: names relative to the zone (or absolute), `$TTL` and `$ORIGIN` as usual; the SOA and apex NS are the service's and left out of the comparison.",
    example: '$TTL 3600\nwww 300 IN A 192.0.2.10\n@ IN MX 10 mail\n',
  })
  @IsDefined({ message: "'zonefile' is a required property" })
  @IsString()
  zonefile!: string;
}

@ApiSchema({ name: 'ZonefileBatch' })
export class ZonefileBatchView {
  @Field({
    type: [BatchActionDto],
    description: 'The batch to send to `POST /v2/zones/{zone_id}/changes` (empty: the zonefile is the zone).',
  })
  changes!: BatchActionDto[];
  @IntegerField({ example: 12, description: 'Record sets the zonefile leaves as they are.' })
  unchanged!: number;
}
