/** One record as the generator writes it to a zonefile. */
export interface ZoneRecord {
  /** Absolute, as written: letter case kept. */
  owner: string;
  type: string;
  ttl: number;
  /** Presentation rdata, absolute names. */
  data: string;
}

export interface GeneratedZone {
  /** Absolute, lower case. */
  name: string;
  /** Every record but the SOA and the apex NS, which the service provides. */
  records: ZoneRecord[];
  /** Names worth asking about beyond the owners and empty non-terminals (absolute). */
  probes: string[];
}

/** The SOA and apex NS records the service put in a zone, which BIND must serve too. */
export interface ServiceRecords {
  soa: ZoneRecord;
  apexNs: ZoneRecord[];
}

const line = (record: ZoneRecord) => `${record.owner} ${record.ttl} IN ${record.type} ${record.data}`;

/** The zonefile imported through the API: an SOA of its own (the service replaces it) and the records. */
export function importZonefile(zone: GeneratedZone): string {
  const soa = `${zone.name} 3600 IN SOA ns1.${zone.name} hostmaster.${zone.name} 1 3600 600 86400 300`;
  return [`$ORIGIN ${zone.name}`, soa, ...zone.records.map(line), ''].join('\n');
}

/** The zonefile BIND loads: the service's SOA and apex NS, then the generator's records. */
export function bindZonefile(zone: GeneratedZone, service: ServiceRecords): string {
  return ['$ORIGIN .', line(service.soa), ...service.apexNs.map(line), ...zone.records.map(line), ''].join(
    '\n',
  );
}
