import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Field, OptionalField } from '../../openapi/api-schemas';

/** A name or a secret of Keystone's, or a project id: far within what any identity service takes. */
const MAX_FIELD = 255;

/** The console's sign-in: the fields of the gateway's AUTH_STRATEGY. */
@ApiSchema({ name: 'ConsoleSignIn' })
export class SignInDto {
  @ApiPropertyOptional({ description: '`token`: an API token (as X-Auth-Token).', maxLength: 4000 })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(4000)
  token?: string;

  @ApiPropertyOptional({ description: "`keystone`: the user's name.", maxLength: MAX_FIELD })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_FIELD)
  username?: string;

  @ApiPropertyOptional({ description: "`keystone`: the user's password.", maxLength: MAX_FIELD })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_FIELD)
  password?: string;

  @ApiPropertyOptional({ description: "`keystone`: the project's name.", maxLength: MAX_FIELD })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_FIELD)
  project?: string;

  @ApiPropertyOptional({
    description: "`keystone`: the user's and the project's domain (default `Default`).",
    maxLength: MAX_FIELD,
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_FIELD)
  domain?: string;

  @ApiPropertyOptional({ description: '`noauth`: the project to act for.', maxLength: MAX_FIELD })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_FIELD)
  project_id?: string;

  @ApiPropertyOptional({
    description: '`noauth`: the roles to act with (default `admin`).',
    type: [String],
    maxItems: 10,
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @MaxLength(32, { each: true })
  roles?: string[];
}

/** Who the console's session acts as, and its CSRF token; or only the strategy, when signed out. */
@ApiSchema({ name: 'ConsoleSession' })
export class SessionView {
  @Field({ enum: ['token', 'keystone', 'noauth'], description: "The gateway's AUTH_STRATEGY." })
  strategy!: string;
  @Field({ type: Boolean }) signed_in!: boolean;
  @OptionalField({
    type: String,
    nullable: true,
    description: 'The project acted for (none: a system scope).',
  })
  project_id?: string | null;
  @OptionalField({ type: String }) user_id?: string;
  @OptionalField({ type: [String] }) roles?: string[];
  @OptionalField({
    type: String,
    nullable: true,
    description: 'When the session ends with its token (ISO 8601), when known.',
  })
  expires_at?: string | null;
  @OptionalField({
    type: String,
    description: "Send it as X-CSRF-Token with every change made with the session's cookie.",
  })
  csrf_token?: string;
}

export const SESSION_EXAMPLE: SessionView = {
  strategy: 'token',
  signed_in: true,
  project_id: 'dev-project',
  user_id: 'dev-admin',
  roles: ['admin'],
  expires_at: null,
  csrf_token: 'q4n0…',
};
