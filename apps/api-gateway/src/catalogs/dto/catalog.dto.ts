import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { MAX_DESCRIPTION_LENGTH } from '../../zones/dto/zone-fields';

/** Designate's RE_TLDNAME: labels of letters, digits, `_` and `-` (not at a label's ends), no final dot. */
const TLD_NAME = /^(?!.{255,})(?:(?!-)[A-Za-z0-9_-]{1,63}(?<!-))(?:\.(?:(?!-)[A-Za-z0-9_-]{1,63}(?<!-)))*$/;
const TLD_NAME_MESSAGE = 'name must be a TLD name: labels without a final dot';
/** Designate's Blacklist.pattern maxLength. */
const MAX_PATTERN_LENGTH = 255;

/** A description, on create and update alike: null or up to 160 characters. */
class Described {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_DESCRIPTION_LENGTH })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;
}

export class CreateTldDto extends Described {
  @ApiProperty({
    type: String,
    pattern: TLD_NAME.source,
    description: 'Labels without a final dot.',
    example: 'com',
  })
  @IsDefined({ message: "'name' is a required property" })
  @IsString()
  @Matches(TLD_NAME, { message: TLD_NAME_MESSAGE })
  name!: string;
}

export class UpdateTldDto extends Described {
  @ApiPropertyOptional({ type: String, pattern: TLD_NAME.source, example: 'net' })
  @IsOptional()
  @IsString()
  @Matches(TLD_NAME, { message: TLD_NAME_MESSAGE })
  name?: string;
}

export class CreateBlacklistDto extends Described {
  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: MAX_PATTERN_LENGTH,
    description: 'A Python `re` pattern.',
    example: '^blocked\\.example\\.$',
  })
  @IsDefined({ message: "'pattern' is a required property" })
  @IsString()
  @MaxLength(MAX_PATTERN_LENGTH)
  pattern!: string;
}

export class UpdateBlacklistDto extends Described {
  @ApiPropertyOptional({ type: String, minLength: 1, maxLength: MAX_PATTERN_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_PATTERN_LENGTH)
  pattern?: string;
}
