import { as, waitFor } from '@zonewarden/testing';
import { GeneratedZone, ServiceRecords, ZoneRecord, importZonefile } from './zone-model';

const HEADERS = as('differential');

interface RecordSetView {
  name: string;
  type: string;
  ttl: number | null;
  records: string[];
}

/** The zones of one Zonewarden instance, through its API (noauth). */
export class ZonewardenZones {
  constructor(private readonly api: string) {}

  /** Imports the zone (text/dns) and resolves with its id once the import is COMPLETE. */
  async import(zone: GeneratedZone): Promise<string> {
    const response = await fetch(`${this.api}/v2/zones/tasks/imports`, {
      method: 'POST',
      headers: { ...HEADERS, 'Content-Type': 'text/dns' },
      body: importZonefile(zone),
    });
    if (response.status !== 201)
      throw new Error(`import of ${zone.name}: ${response.status} ${await response.text()}`);
    const { id } = (await response.json()) as { id: string };
    let task = { status: 'PENDING', message: '', zone_id: '' };
    await waitFor(`the import of ${zone.name}`, async () => {
      task = await this.get(`/v2/zones/tasks/imports/${id}`);
      return task.status !== 'PENDING';
    });
    if (task.status !== 'COMPLETE')
      throw new Error(`import of ${zone.name} ended ${task.status}: ${task.message}`);
    return task.zone_id;
  }

  /** Waits until every pool nameserver serves the zone (action NONE). */
  async served(zoneId: string): Promise<void> {
    let zone = { name: zoneId, action: '', status: '' };
    await waitFor(
      'the zone to be served',
      async () => {
        zone = await this.get(`/v2/zones/${zoneId}`);
        return zone.action === 'NONE';
      },
      30_000,
    ).catch(() => {
      throw new Error(`${zone.name} is not served: action ${zone.action}, status ${zone.status}`);
    });
  }

  /** The SOA and apex NS the service put in the zone in place of the imported ones. */
  async serviceRecords(zoneId: string, zoneName: string): Promise<ServiceRecords> {
    const { ttl: zoneTtl } = await this.get<{ ttl: number }>(`/v2/zones/${zoneId}`);
    const records = async (type: string): Promise<ZoneRecord[]> => {
      const { recordsets } = await this.get<{ recordsets: RecordSetView[] }>(
        `/v2/zones/${zoneId}/recordsets?type=${type}&name=${zoneName}`,
      );
      return recordsets.flatMap((set) =>
        set.records.map((data) => ({ owner: set.name, type, ttl: set.ttl ?? zoneTtl, data })),
      );
    };
    const [soa] = await records('SOA');
    return { soa, apexNs: await records('NS') };
  }

  private async get<T = Record<string, string>>(url: string): Promise<T> {
    const response = await fetch(`${this.api}${url}`, { headers: HEADERS });
    if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
}
