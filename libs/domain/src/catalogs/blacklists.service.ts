import { Injectable } from '@nestjs/common';
import { BlacklistRecord, BlacklistsRepository } from '@zonewarden/persistence';
import { checkBlacklistPattern } from './blacklist-pattern';
import { CatalogService } from './catalog.service';
import { blacklistNotFound, duplicateBlacklist } from './catalogs.errors';

/** Blacklists: patterns refusing zone names to whoever may not override them (zone-name-rules.ts). */
@Injectable()
export class BlacklistsService extends CatalogService<BlacklistRecord> {
  constructor(blacklists: BlacklistsRepository) {
    super(blacklists, { notFound: blacklistNotFound, duplicate: duplicateBlacklist }, checkBlacklistPattern);
  }
}
