import { ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { CreateZoneDto } from '../../zones/dto/create-zone.dto';
import { MAX_TTL } from '../../zones/dto/zone-fields';

/**
 * The legacy schema (designate/resources/schemas/v1/domain.json): a zone's name, email and description,
 * and a TTL of at least 1.
 */
export class CreateDomainDto extends PickType(CreateZoneDto, ['name', 'email', 'description'] as const) {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_TTL, example: 3600 })
  @IsOptional()
  @IsInt({ message: 'ttl must be an integer' })
  @Min(1)
  @Max(MAX_TTL)
  ttl?: number;
}
