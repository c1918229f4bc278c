import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';

/** The algorithms a zone may be signed with, by mnemonic or number (docs/dnssec.md, Algorithms). */
export const DNSSEC_ALGORITHM_VALUES = ['ECDSAP256SHA256', 'ED25519', 13, 15] as const;

/** PUT /v2/zones/{zone_id}/dnssec. */
export class ConfigureDnssecDto {
  @ApiProperty({
    type: Boolean,
    description: 'Sign the zone (true) or remove its signatures and keys (false).',
  })
  @IsBoolean()
  enabled!: boolean;

  @ApiPropertyOptional({
    oneOf: [
      { type: 'string', enum: ['ECDSAP256SHA256', 'ED25519'] },
      { type: 'integer', enum: [13, 15] },
    ],
    description: 'ECDSAP256SHA256 (13, the default) or ED25519 (15); for enabling only.',
  })
  @IsOptional()
  @IsIn(DNSSEC_ALGORITHM_VALUES)
  algorithm?: (typeof DNSSEC_ALGORITHM_VALUES)[number];
}

/** POST /v2/zones/{zone_id}/tasks/dnssec_rollover. */
export class DnssecRolloverDto {
  @ApiProperty({ enum: ['ZSK', 'KSK'], description: 'The key to roll over.' })
  @IsIn(['ZSK', 'KSK'])
  key_type!: 'ZSK' | 'KSK';
}
