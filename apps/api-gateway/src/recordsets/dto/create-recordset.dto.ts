import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { MAX_DESCRIPTION_LENGTH, MAX_TTL } from '../../zones/dto/zone-fields';

export class CreateRecordSetDto {
  @ApiProperty({
    type: String,
    maxLength: 255,
    description: 'Absolute, inside the zone; `*` only as the first label.',
    example: 'www.example.com.',
  })
  @IsDefined({ message: "'name' is a required property" })
  @IsString()
  @MaxLength(255)
  name!: string;

  @ApiProperty({
    type: String,
    description:
      'A, AAAA, CAA, CERT, CNAME, DNAME, DS, HTTPS, MX, NAPTR, NS, PTR, SPF, SRV, SSHFP, SVCB, TLSA or TXT.',
    example: 'A',
  })
  @IsDefined({ message: "'type' is a required property" })
  @IsString()
  @MaxLength(16)
  type!: string;

  @ApiProperty({
    type: [String],
    minItems: 1,
    description: 'Presentation format for the type; TXT data quoted (`"v=spf1 -all"`).',
    example: ['192.0.2.1'],
  })
  @IsDefined({ message: "'records' is a required property" })
  @IsArray({ message: 'records must be a list of records' })
  @ArrayMinSize(1, { message: 'records must hold at least one record' })
  @IsString({ each: true, message: 'each record must be a string' })
  records!: string[];

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: MAX_TTL,
    description: "Null or absent: the zone's TTL.",
    example: 300,
  })
  @IsOptional()
  @IsInt({ message: 'ttl must be an integer' })
  @Min(0)
  @Max(MAX_TTL)
  ttl?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_DESCRIPTION_LENGTH })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;
}
