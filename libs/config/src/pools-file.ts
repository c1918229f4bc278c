// class-transformer's @Type reads decorator metadata; Nest loaded it when this lived beside Nest code.
import 'reflect-metadata';
import * as fs from 'node:fs';
import { Type, plainToInstance } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  Min,
  ValidateNested,
  ValidationError,
  isBase64,
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

/** TSIG algorithms a catalog's key may use: Designate's (`designate/common/constants.py` TSIG_ALGORITHMS). */
export const CATALOG_TSIG_ALGORITHMS = [
  'hmac-md5',
  'hmac-sha1',
  'hmac-sha224',
  'hmac-sha256',
  'hmac-sha384',
  'hmac-sha512',
] as const;

/**
 * Designate 18's `catalog_zone` block: the pool's zones listed in an RFC 9432 catalog zone that mini-dns
 * serves. Designate's `catalog_zone_tsig_key` is the key's secret (the key is named after the catalog); with
 * `catalog_zone_tsig_secret` given as well, `catalog_zone_tsig_key` is the key's name instead.
 */
export class CatalogZoneConfig {
  @Matches(/^([A-Za-z0-9_-]{1,63}\.)+$/, {
    message: 'catalog_zone_fqdn must be an absolute name ending with a dot',
  })
  catalog_zone_fqdn!: string;

  /** The catalog's SOA refresh, seconds (Designate sends it as a string too). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(2147483647)
  catalog_zone_refresh = 3600;

  @IsOptional()
  @IsString()
  catalog_zone_tsig_key?: string;

  @IsOptional()
  @IsString()
  catalog_zone_tsig_secret?: string;

  @IsIn(CATALOG_TSIG_ALGORITHMS)
  catalog_zone_tsig_algorithm: (typeof CATALOG_TSIG_ALGORITHMS)[number] = 'hmac-sha256';
}

/** A catalog's TSIG key as the pools file gives it, in either of its two spellings; none without one. */
export function catalogTsigKey(
  catalog: CatalogZoneConfig,
): { name: string; algorithm: string; secret: string } | undefined {
  const { catalog_zone_tsig_key: key, catalog_zone_tsig_secret: secret } = catalog;
  if (!key) return undefined;
  const algorithm = catalog.catalog_zone_tsig_algorithm;
  return secret
    ? { name: key, algorithm, secret }
    : { name: catalog.catalog_zone_fqdn, algorithm, secret: key };
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

  @IsOptional()
  @ValidateNested()
  @Type(() => CatalogZoneConfig)
  catalog_zone?: CatalogZoneConfig;
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
    const catalogKey = pool.catalog_zone && catalogTsigKey(pool.catalog_zone);
    if (errors.length === 0 && catalogKey && !isBase64(catalogKey.secret))
      throw new Error(`pools[${index}]: catalog_zone: the TSIG secret must be base64`);
    if (errors.length > 0) throw new Error(`pools[${index}]: ${problemsOf(errors).join('; ')}`);
    return pool;
  });
}

/** Each broken constraint with the path of its property (`catalog_zone.catalog_zone_fqdn: …`). */
function problemsOf(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((e) => {
    const path = `${prefix}${e.property}`;
    const own = e.constraints ? [`${path}: ${Object.values(e.constraints).join(', ')}`] : [];
    const nested = problemsOf(e.children ?? [], `${path}.`);
    return own.length + nested.length > 0 ? [...own, ...nested] : [`${path}: invalid`];
  });
}

export function loadPoolsFile(file: string): PoolConfig[] {
  return parsePools(parseYaml(fs.readFileSync(file, 'utf8')));
}
