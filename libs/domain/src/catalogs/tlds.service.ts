import { Injectable } from '@nestjs/common';
import { TldRecord, TldsRepository } from '@zonewarden/persistence';
import { CatalogService } from './catalog.service';
import { duplicateTld, tldNotFound } from './catalogs.errors';

/** TLDs: once any exists, a zone's name must end in one (see zone-name-rules.ts). Names compare lower-case. */
@Injectable()
export class TldsService extends CatalogService<TldRecord> {
  constructor(tlds: TldsRepository) {
    super(tlds, { notFound: tldNotFound, duplicate: duplicateTld }, (name) => name.toLowerCase());
  }
}
