import { Injectable } from '@nestjs/common';
import { ZoneContent, ZoneContentRepository } from '@zonewarden/persistence';

/** What an authoritative server (mini-dns) reads of the zones it serves: their names and content. */
@Injectable()
export class ServedZonesService {
  constructor(private readonly content: ZoneContentRepository) {}

  /** Served zone names after `after`, in order, at most `limit`. */
  servedZoneNames(after: string, limit: number): Promise<string[]> {
    return this.content.servedZoneNames(after, limit);
  }

  /** Which of these names are served zones. */
  servedAmong(names: string[]): Promise<string[]> {
    return this.content.servedAmong(names);
  }

  /** A served zone's records (its signer's too), or null. */
  load(name: string): Promise<ZoneContent | null> {
    return this.content.load(name);
  }
}
