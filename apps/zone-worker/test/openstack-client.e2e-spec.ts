import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { PrismaService, TokensRepository } from '@zonewarden/persistence';
import {
  ManagedProcess,
  TestDatabase,
  appsEnv,
  createTestDatabase,
  deleteNamespace,
  freePort,
  startApp,
  startApps,
  teardown,
  waitFor,
} from '@zonewarden/testing';

const run = promisify(execFile);

/**
 * The OpenStack command-line client with the Designate plugin (Debian's python3-openstackclient and
 * python3-designateclient), pointed at Zonewarden with a token: every command a Designate user runs.
 */
describe('the OpenStack client against Zonewarden', () => {
  let db: TestDatabase;
  let env: Record<string, string>;
  let apps: ManagedProcess[];
  let endpoint: string;
  const tokens: Record<string, string> = {};

  const openstack = async (who: string, ...args: string[]) => {
    const { stdout } = await run(
      'openstack',
      ['--os-auth-type', 'admin_token', '--os-endpoint', endpoint, '--os-token', tokens[who], ...args],
      {
        timeout: 60_000,
      },
    );
    return stdout;
  };
  const json = async (who: string, ...args: string[]) =>
    JSON.parse(await openstack(who, ...args, '-f', 'json'));

  beforeAll(async () => {
    db = await createTestDatabase();
    const [apiPort, dnsPort] = [await freePort(), await freePort()];
    env = {
      ...appsEnv(db.url),
      API_PORT: String(apiPort),
      MINIDNS_PORT: String(dnsPort),
      AUTH_STRATEGY: 'token',
    };
    apps = [await startApp('api-gateway', env)];
    apps.push(...(await startApps(['zone-worker', 'pool-manager', 'mini-dns'], env)));
    endpoint = `http://127.0.0.1:${apiPort}/v2`;
    const prisma = new PrismaService({ url: db.url, poolSize: 1 });
    const repo = new TokensRepository(prisma);
    tokens.owner = (await repo.issue({ projectId: 'os-owner', userId: 'owner', roles: ['admin'] })).token;
    tokens.receiver = (
      await repo.issue({ projectId: 'os-receiver', userId: 'receiver', roles: ['member'] })
    ).token;
    await prisma.close();
  });
  afterAll(() =>
    teardown(
      () => Promise.all((apps ?? []).map((app) => app.stop())),
      () => env && deleteNamespace(env.AMQP_NAMESPACE).catch(() => undefined),
      () => db?.drop(),
    ),
  );

  it('zone create/list/show/set/delete', async () => {
    const created = await json(
      'owner',
      'zone',
      'create',
      '--email',
      'admin@example.com',
      '--ttl',
      '3600',
      'cli.example.com.',
    );
    expect(created).toMatchObject({
      name: 'cli.example.com.',
      email: 'admin@example.com',
      type: 'PRIMARY',
      action: 'CREATE',
    });
    const list = await json('owner', 'zone', 'list');
    expect(list.map((z: { name: string }) => z.name)).toContain('cli.example.com.');
    expect((await json('owner', 'zone', 'show', 'cli.example.com.')).id).toBe(created.id);
    expect((await json('owner', 'zone', 'set', '--ttl', '600', 'cli.example.com.')).ttl).toBe(600);
    await waitFor(
      'the zone to propagate',
      async () => (await json('owner', 'zone', 'show', 'cli.example.com.')).action === 'NONE',
      30_000,
    );
    await json('owner', 'zone', 'create', '--email', 'a@b.c', 'gone.example.com.');
    expect((await json('owner', 'zone', 'delete', 'gone.example.com.')).action).toBe('DELETE');
  });

  it('recordset create/list/show/set/delete', async () => {
    const created = await json(
      'owner',
      'recordset',
      'create',
      '--type',
      'A',
      '--record',
      '192.0.2.10',
      '--record',
      '192.0.2.11',
      'cli.example.com.',
      'www',
    );
    expect(created).toMatchObject({ name: 'www.cli.example.com.', type: 'A' });
    const list = await json('owner', 'recordset', 'list', 'cli.example.com.');
    expect(list.map((r: { type: string }) => r.type).sort()).toEqual(['A', 'NS', 'SOA']);
    expect(
      (await json('owner', 'recordset', 'show', 'cli.example.com.', 'www.cli.example.com.')).records,
    ).toEqual(expect.stringContaining('192.0.2.10'));
    const updated = await json(
      'owner',
      'recordset',
      'set',
      '--record',
      '198.51.100.7',
      'cli.example.com.',
      'www.cli.example.com.',
    );
    expect(updated.records).toEqual(expect.stringContaining('198.51.100.7'));
    expect(
      (await json('owner', 'recordset', 'delete', 'cli.example.com.', 'www.cli.example.com.')).action,
    ).toBe('DELETE');
  });

  it('zone export create/show/showfile and zone import create/show', async () => {
    const requested = await json('owner', 'zone', 'export', 'create', 'cli.example.com.');
    await waitFor(
      'the export',
      async () => (await json('owner', 'zone', 'export', 'show', requested.id)).status === 'COMPLETE',
    );
    const file = await json('owner', 'zone', 'export', 'showfile', requested.id);
    expect(file.data).toMatch(/^\$ORIGIN cli\.example\.com\.\n\$TTL 600\n/);
    const zonefile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zw-osc-')), 'import.zone');
    fs.writeFileSync(
      zonefile,
      '$ORIGIN imported.example.com.\n$TTL 300\n@ SOA ns admin 1 2 3 4 5\n@ NS ns\nns A 192.0.2.1\n',
    );
    const imported = await json('owner', 'zone', 'import', 'create', zonefile);
    await waitFor(
      'the import',
      async () => (await json('owner', 'zone', 'import', 'show', imported.id)).status === 'COMPLETE',
    );
    expect((await json('owner', 'zone', 'import', 'show', imported.id)).message).toBe(
      'imported.example.com. imported',
    );
  });

  it('zone transfer request create/list/show and transfer accept, then zone abandon', async () => {
    const request = await json(
      'owner',
      'zone',
      'transfer',
      'request',
      'create',
      '--target-project-id',
      'os-receiver',
      'imported.example.com.',
    );
    expect(request).toMatchObject({ status: 'ACTIVE', target_project_id: 'os-receiver' });
    expect(
      (await json('owner', 'zone', 'transfer', 'request', 'list')).map((r: { id: string }) => r.id),
    ).toContain(request.id);
    expect((await json('receiver', 'zone', 'transfer', 'request', 'show', request.id)).key).toBeUndefined();
    const accepted = await json(
      'receiver',
      'zone',
      'transfer',
      'accept',
      'request',
      '--transfer-id',
      request.id,
      '--key',
      request.key,
    );
    expect(accepted.status).toBe('COMPLETE');
    expect((await json('receiver', 'zone', 'show', 'imported.example.com.')).project_id).toBe('os-receiver');
    await openstack('owner', 'zone', 'abandon', '--sudo-project-id', 'os-receiver', 'imported.example.com.');
    expect((await json('receiver', 'zone', 'list')).map((z: { name: string }) => z.name)).not.toContain(
      'imported.example.com.',
    );
  });

  it('tld create/list/set/delete and blacklist create/list/delete, and the rules they make', async () => {
    const tld = await json('owner', 'tld', 'create', '--name', 'com', '--description', 'commercial');
    expect(tld).toMatchObject({ name: 'com', description: 'commercial' });
    expect((await json('owner', 'tld', 'list')).map((t: { name: string }) => t.name)).toEqual(['com']);
    expect((await json('owner', 'tld', 'set', tld.id, '--description', 'changed')).description).toBe(
      'changed',
    );
    const blacklist = await json('owner', 'zone', 'blacklist', 'create', '--pattern', '^blocked\\.');
    expect((await json('owner', 'zone', 'blacklist', 'list')).map((b: { id: string }) => b.id)).toEqual([
      blacklist.id,
    ]);
    const refusal = (name: string) =>
      openstack('receiver', 'zone', 'create', '--email', 'a@b.c', name).then(
        () => 'created',
        (error: { stderr: string }) => error.stderr,
      );
    expect(await refusal('example.org.')).toMatch(/Invalid TLD/);
    expect(await refusal('blocked.example.com.')).toMatch(/Blacklisted zone name/);
    await openstack('owner', 'zone', 'blacklist', 'delete', blacklist.id);
    await openstack('owner', 'tld', 'delete', tld.id);
    expect(await json('owner', 'tld', 'list')).toEqual([]);
  });
});
