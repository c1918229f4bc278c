import createClient, { Client } from 'openapi-fetch';
import type { components, paths } from '../generated/openapi';

/**
 * The API driven through a client generated from openapi.json (openapi-typescript's types, openapi-fetch's
 * client): every path, parameter, body and answer below is typed by the document, and
 * openapi-client.e2e-spec.ts type-checks this file, so a document that names a path, a parameter or a
 * field wrongly fails there. Kept free of the gateway's own code, so that check stays fast.
 */
export type ZonewardenClient = Client<paths>;
type Zone = components['schemas']['Zone'];
type RecordSet = components['schemas']['RecordSet'];

/** Polls until `check` holds (the suites' waitFor). */
export type Wait = (what: string, check: () => Promise<boolean>, timeoutMs?: number) => Promise<void>;

export function zonewardenClient(baseUrl: string, headers: Record<string, string>): ZonewardenClient {
  return createClient<paths>({ baseUrl, headers });
}

/** A success's body; a failure names the operation and the error body. */
function ok<T>(what: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined || result.error !== undefined) {
    throw new Error(`${what}: ${result.response.status} ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

/** An answer without a body (204) that must have succeeded. */
function succeeded(what: string, result: { error?: unknown; response: Response }): void {
  if (!result.response.ok)
    throw new Error(`${what}: ${result.response.status} ${JSON.stringify(result.error)}`);
}

/** Deletes a zone: 202, the zone with `action: DELETE`. */
export async function deleteZone(client: ZonewardenClient, zone: Zone): Promise<void> {
  const deleted = ok(
    'delete the zone',
    await client.DELETE('/v2/zones/{zone_id}', { params: { path: { zone_id: zone.id } } }),
  );
  expect(deleted).toMatchObject({ id: zone.id, action: 'DELETE' });
}

/** Creates, lists, reads and patches a zone. */
export async function zoneLifecycle(client: ZonewardenClient, name: string): Promise<Zone> {
  const created = ok(
    'create the zone',
    await client.POST('/v2/zones', {
      body: { name, email: 'hostmaster@example.com', ttl: 3600, description: 'through the client' },
    }),
  );
  expect(created).toMatchObject({ name, ttl: 3600, action: 'CREATE', version: 1 });

  const page = ok(
    'list zones',
    await client.GET('/v2/zones', {
      params: { query: { name, sort_key: 'name', sort_dir: 'asc', limit: 10 } },
    }),
  );
  expect(page.zones.map((zone) => zone.id)).toEqual([created.id]);
  expect(page.metadata?.total_count).toBe(1);

  const path = { zone_id: created.id };
  const read = ok('get the zone', await client.GET('/v2/zones/{zone_id}', { params: { path } }));
  expect(read.id).toBe(created.id);

  const patched = ok(
    'patch the zone',
    await client.PATCH('/v2/zones/{zone_id}', { params: { path }, body: { ttl: 7200, description: null } }),
  );
  expect(patched).toMatchObject({ ttl: 7200, description: null, version: 2 });

  const { nameservers } = ok(
    "list the zone's nameservers",
    await client.GET('/v2/zones/{zone_id}/nameservers', { params: { path } }),
  );
  expect(nameservers.length).toBeGreaterThan(0);
  return patched;
}

/** Creates, filters, reads, replaces and deletes record sets of `zone`. */
export async function recordSetLifecycle(client: ZonewardenClient, zone: Zone): Promise<void> {
  const path = { zone_id: zone.id };
  const www = `www.${zone.name}`;
  const a: RecordSet = ok(
    'create an A record set',
    await client.POST('/v2/zones/{zone_id}/recordsets', {
      params: { path },
      body: { name: www, type: 'A', records: ['192.0.2.1'], ttl: 300 },
    }),
  );
  expect(a).toMatchObject({ name: www, type: 'A', records: ['192.0.2.1'], status: 'PENDING' });
  ok(
    'create a TXT record set',
    await client.POST('/v2/zones/{zone_id}/recordsets', {
      params: { path },
      body: { name: zone.name, type: 'TXT', records: ['"v=spf1 -all"'], description: null },
    }),
  );

  const found = ok(
    'filter record sets',
    await client.GET('/v2/zones/{zone_id}/recordsets', {
      params: { path, query: { type: 'A', data: '192.0.2.*', sort_key: 'name' } },
    }),
  );
  expect(found.recordsets.map((recordSet) => recordSet.id)).toEqual([a.id]);
  const all = ok(
    'list every record set',
    await client.GET('/v2/recordsets', { params: { query: { limit: 'max' } } }),
  );
  expect(all.recordsets.map((recordSet) => recordSet.type).sort()).toEqual(['A', 'NS', 'SOA', 'TXT']);

  const one = { ...path, recordset_id: a.id };
  expect(
    ok(
      'get the record set',
      await client.GET('/v2/zones/{zone_id}/recordsets/{recordset_id}', { params: { path: one } }),
    ).id,
  ).toBe(a.id);
  const replaced = ok(
    'replace its records',
    await client.PUT('/v2/zones/{zone_id}/recordsets/{recordset_id}', {
      params: { path: one },
      body: { records: ['192.0.2.2', '192.0.2.3'], ttl: null },
    }),
  );
  expect(replaced).toMatchObject({ records: ['192.0.2.2', '192.0.2.3'], ttl: null });
  const deleted = ok(
    'delete it',
    await client.DELETE('/v2/zones/{zone_id}/recordsets/{recordset_id}', { params: { path: one } }),
  );
  expect(deleted.action).toBe('DELETE');
}

/** Imports `zonefile` as text/dns and waits for the zone it makes. */
export async function importZonefile(client: ZonewardenClient, zonefile: string, wait: Wait): Promise<Zone> {
  const requested = ok(
    'import a zonefile',
    await client.POST('/v2/zones/tasks/imports', {
      body: zonefile,
      bodySerializer: (body) => body,
      headers: { 'Content-Type': 'text/dns' },
    }),
  );
  expect(requested).toMatchObject({ status: 'PENDING', zone_id: null });
  const path = { import_id: requested.id };
  await wait('the import to complete', async () => {
    const { data } = await client.GET('/v2/zones/tasks/imports/{import_id}', { params: { path } });
    return data?.status === 'COMPLETE';
  });
  const done = ok(
    'get the import',
    await client.GET('/v2/zones/tasks/imports/{import_id}', { params: { path } }),
  );
  expect(done.links.zone).toBeDefined();
  const imports = ok(
    'list imports',
    await client.GET('/v2/zones/tasks/imports', { params: { query: { status: 'COMPLETE' } } }),
  );
  expect(imports.imports.map((item) => item.id)).toContain(requested.id);
  succeeded(
    'delete the import',
    await client.DELETE('/v2/zones/tasks/imports/{import_id}', { params: { path } }),
  );
  return ok(
    'get the imported zone',
    await client.GET('/v2/zones/{zone_id}', { params: { path: { zone_id: done.zone_id as string } } }),
  );
}

/** Exports `zone`, waits for it, and downloads the zonefile. */
export async function exportZone(client: ZonewardenClient, zone: Zone, wait: Wait): Promise<string> {
  const requested = ok(
    'export the zone',
    await client.POST('/v2/zones/{zone_id}/tasks/export', { params: { path: { zone_id: zone.id } } }),
  );
  expect(requested).toMatchObject({ status: 'PENDING', zone_id: zone.id, location: null });
  const path = { export_id: requested.id };
  await wait('the export to complete', async () => {
    const { data } = await client.GET('/v2/zones/tasks/exports/{export_id}', { params: { path } });
    return data?.status === 'COMPLETE';
  });
  const done = ok(
    'get the export',
    await client.GET('/v2/zones/tasks/exports/{export_id}', { params: { path } }),
  );
  expect(done.links.export).toMatch(/\/export$/);
  const content = await client.GET('/v2/zones/tasks/exports/{export_id}/export', {
    params: { path },
    headers: { Accept: 'text/dns' },
    parseAs: 'text',
  });
  expect(content.response.headers.get('content-type')).toMatch(/^text\/dns/);
  const zonefile = ok('download the zonefile', content);
  succeeded(
    'delete the export',
    await client.DELETE('/v2/zones/tasks/exports/{export_id}', { params: { path } }),
  );
  return zonefile;
}
