/**
 * The master-file writer (RFC 1035 §5): `$ORIGIN` and `$TTL`, then one line per record with absolute
 * owner names, the record set's TTL when it has its own, class IN, type and canonical rdata. BIND's
 * named-checkzone accepts the output.
 *
 * Each line has Designate's shape (`export-zone.jinja2`: `{{name}} {{ttl or ''}} IN {{type}} {{data}}`):
 * name, a space, the TTL or nothing, a space, `IN`… — two spaces where a record set has no TTL of its own.
 * Tools that read Designate's exports split on it (designate-tempest-plugin: `split(' ', 4)`, blanks dropped).
 */
export interface ZonefileRecordSet {
  name: string;
  type: string;
  ttl: number | null;
  records: string[];
}

export function zonefileHeader(origin: string, ttl: number): string {
  return `$ORIGIN ${origin}\n$TTL ${ttl}\n\n`;
}

export function zonefileLines(recordSet: ZonefileRecordSet): string {
  const ttl = recordSet.ttl ?? '';
  return recordSet.records.map((data) => `${recordSet.name} ${ttl} IN ${recordSet.type} ${data}\n`).join('');
}
