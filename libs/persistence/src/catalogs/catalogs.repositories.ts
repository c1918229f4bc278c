import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';
import { CatalogRecord, CatalogTable, catalogCollection } from './catalog-table';

export interface TldRecord extends CatalogRecord {
  /** Lower-case, without a trailing dot (`com`, `co.uk`). */
  name: string;
}

export interface BlacklistRecord extends CatalogRecord {
  /** A regular expression, as the operator wrote it (Python `re` syntax). */
  pattern: string;
}

export const TLD_COLLECTION = catalogCollection('tlds', 'name');
export const BLACKLIST_COLLECTION = catalogCollection('blacklists', 'pattern');

@Injectable()
export class TldsRepository extends CatalogTable<TldRecord> {
  constructor(prisma: PrismaService) {
    super(prisma, TLD_COLLECTION, 'name');
  }
}

@Injectable()
export class BlacklistsRepository extends CatalogTable<BlacklistRecord> {
  constructor(prisma: PrismaService) {
    super(prisma, BLACKLIST_COLLECTION, 'pattern');
  }
}

/**
 * Every TLD name and blacklist pattern (`tlds`, `patterns`), as columns of a SELECT: what a new zone's
 * name is checked against, read in the zone creation's one round trip of checks.
 */
export const NAME_CATALOGS = Prisma.sql`ARRAY(SELECT name FROM tlds) AS tlds, ARRAY(SELECT pattern FROM blacklists) AS patterns`;
