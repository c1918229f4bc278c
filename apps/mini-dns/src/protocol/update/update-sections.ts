import {
  CLASS_ANY,
  CLASS_IN,
  CLASS_NONE,
  Message,
  MessageRecord,
  expandedRdata,
  recordDataFromWire,
  typeName,
} from '@zonewarden/dns';
import type { UpdateRecord, UpdateRequest } from '@zonewarden/domain';

/** A record of an UPDATE whose data cannot be read (names that do not decompress, fields that do not add up). */
export class UpdateFormatError extends Error {}

const CLASSES = new Map<number, UpdateRecord['class']>([
  [CLASS_IN, 'IN'],
  [CLASS_ANY, 'ANY'],
  [CLASS_NONE, 'NONE'],
]);

/**
 * An UPDATE's prerequisite section (the message's answer section) and update section (its authority section),
 * RFC 2136 §2.2, as the domain takes them: names absolute and lower case, classes by their meaning (another
 * class is `OTHER`, which the domain answers FORMERR), rdata in the presentation form the API takes (RFC 3597
 * generic data for types it does not take), null when empty. The additional section is not read: RFC 2136 §2.6
 * lets a server ignore the glue it may hold (its OPT and TSIG records are read elsewhere). Throws
 * UpdateFormatError (FORMERR) on rdata that does not decode.
 */
export function updateSections(
  raw: Buffer,
  message: Message,
): Pick<UpdateRequest, 'prerequisites' | 'updates'> {
  return {
    prerequisites: message.answers.map((record) => updateRecord(raw, record)),
    updates: message.authorities.map((record) => updateRecord(raw, record)),
  };
}

function updateRecord(raw: Buffer, record: MessageRecord): UpdateRecord {
  const name = `${record.name.key}.`;
  const type = typeName(record.type);
  let data: string | null = null;
  if (record.rdata.length > 0) {
    try {
      data = recordDataFromWire(type, expandedRdata(raw, record));
    } catch (error) {
      throw new UpdateFormatError(`${name} ${type}: ${(error as Error).message}`);
    }
  }
  return { name, class: CLASSES.get(record.klass) ?? 'OTHER', type, ttl: record.ttl, data };
}
