// class-transformer's @Type reads decorator metadata; Nest loaded it when this lived beside Nest code.
import 'reflect-metadata';
import * as fs from 'node:fs';
import { Type, plainToInstance } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  Min,
  ValidateNested,
  validateSync,
} from 'class-validator';
import { load as parseYaml } from 'js-yaml';

/** Designate's default pool id, so that clients hard-coding it keep working. */
export const DEFAULT_POOL_ID = '794ccc2c-d751-44fe-b57f-8894c9f5c842';

class NsRecordConfig {
  @Matches(/^([A-Za-z0-9_-]{1,63}\.)+$/, { message: 'hostname must be an absolute name ending with a dot' })
  hostname!: string;

  @IsInt()
  @Min(0)
  priority!: number;
}

class HostPortConfig {
  @IsString()
  host!: string;

  @IsInt()
  @Min(1)
  @Max(65535)
  port!: number;
}

class TargetConfig {
  @IsString()
  type!: string;

  @IsOptional()
  @IsString()
  description?: string;

  @IsOptional()
  @IsObject()
  options?: Record<string, unknown>;
}

export class PoolConfig {
  @IsUUID()
  id!: string;

  @IsString()
  name!: string;

  @IsOptional()
  @IsString()
  description?: string;

  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => NsRecordConfig)
  ns_records!: NsRecordConfig[];

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => HostPortConfig)
  nameservers: HostPortConfig[] = [];

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TargetConfig)
  targets: TargetConfig[] = [];

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => HostPortConfig)
  also_notifies: HostPortConfig[] = [];
}

/** Without a pools file: one pool whose nameserver and target is the builtin DNS server. */
export function defaultPools(minidns: { host: string; port: number }): PoolConfig[] {
  return parsePools([
    {
      id: DEFAULT_POOL_ID,
      name: 'default',
      description: 'Default pool: the builtin authoritative DNS server',
      ns_records: [{ hostname: 'ns1.zonewarden.test.', priority: 1 }],
      nameservers: [minidns],
      targets: [{ type: 'builtin', description: 'builtin DNS server', options: {} }],
      also_notifies: [],
    },
  ]);
}

export function parsePools(plain: unknown): PoolConfig[] {
  if (!Array.isArray(plain) || plain.length === 0)
    throw new Error('pools: expected a non-empty list of pools');
  return plain.map((entry, index) => {
    const pool = plainToInstance(PoolConfig, entry as object);
    const errors = validateSync(pool, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length > 0) {
      const problems = errors.map(
        (e) => `${e.property}: ${Object.values(e.constraints ?? { invalid: 'invalid (nested)' }).join(', ')}`,
      );
      throw new Error(`pools[${index}]: ${problems.join('; ')}`);
    }
    return pool;
  });
}

export function loadPoolsFile(file: string): PoolConfig[] {
  return parsePools(parseYaml(fs.readFileSync(file, 'utf8')));
}
