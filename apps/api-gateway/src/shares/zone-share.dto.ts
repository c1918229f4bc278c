import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { MAX_PROJECT_ID_LENGTH } from '../auth/project-id';

export class CreateZoneShareDto {
  @ApiProperty({ type: String, minLength: 1, maxLength: MAX_PROJECT_ID_LENGTH, example: 'project-two' })
  @IsString({ message: "'target_project_id' is a required property" })
  @MinLength(1)
  @MaxLength(MAX_PROJECT_ID_LENGTH)
  target_project_id!: string;
}
