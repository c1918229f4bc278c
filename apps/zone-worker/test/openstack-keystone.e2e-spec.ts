import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import {
  Keystone,
  ManagedProcess,
  TestDatabase,
  appsEnv,
  createTestDatabase,
  deleteNamespace,
  freePort,
  startApp,
  startKeystone,
  teardown,
} from '@zonewarden/testing';

const run = promisify(execFile);
const CLOUD = 'zonewarden-test';
const ADMIN_CLOUD = 'zonewarden-test-admin';

/**
 * The OpenStack command-line client as a cloud's user runs it: a clouds.yaml naming Keystone and the
 * user's password, the gateway found as the `dns` service in Keystone's catalog (AUTH_STRATEGY=keystone).
 */
describe('the OpenStack client through Keystone', () => {
  let keystone: Keystone;
  let db: TestDatabase;
  let env: Record<string, string>;
  let gateway: ManagedProcess | undefined;
  let configDir: string;

  /** `openstack --os-cloud <cloud> <args> -f json`, parsed; only this test's clouds.yaml is read. */
  const openstackAs = async (cloud: string, ...args: string[]) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OS_')));
    const { stdout } = await run('openstack', ['--os-cloud', cloud, ...args, '-f', 'json'], {
      timeout: 60_000,
      env: { ...clean, OS_CLIENT_CONFIG_FILE: path.join(configDir, 'clouds.yaml') },
    });
    return stdout.trim() ? JSON.parse(stdout) : undefined;
  };
  const openstack = (...args: string[]) => openstackAs(CLOUD, ...args);

  beforeAll(async () => {
    keystone = await startKeystone();
    const project = { name: 'cli-project', id: await keystone.api.createProject('cli-project') };
    const service = { name: 'service', id: await keystone.api.createProject('service') };
    const user = await keystone.api.createUser('cli-user', project, 'member');
    const admin = await keystone.api.createUser('cli-admin', project, 'admin');
    await keystone.api.createUser('designate', service, 'admin');
    db = await createTestDatabase();
    const apiPort = await freePort();
    env = {
      ...appsEnv(db.url),
      API_PORT: String(apiPort),
      AUTH_STRATEGY: 'keystone',
      KEYSTONE_AUTH_URL: keystone.authUrl,
      KEYSTONE_USERNAME: 'designate',
      KEYSTONE_PASSWORD: 'designate-secret',
      KEYSTONE_PROJECT_NAME: 'service',
    };
    gateway = await startApp('api-gateway', env);
    await keystone.api.registerDnsService(`http://127.0.0.1:${apiPort}/`);
    configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-clouds-'));
    const cloud = (name: string, who: typeof user) => [
      `  ${name}:`,
      '    region_name: RegionOne',
      '    identity_api_version: 3',
      '    auth:',
      `      auth_url: ${keystone.authUrl}`,
      `      username: ${who.name}`,
      `      password: ${who.password}`,
      `      project_name: ${who.projectName}`,
      '      user_domain_name: Default',
      '      project_domain_name: Default',
    ];
    fs.writeFileSync(
      path.join(configDir, 'clouds.yaml'),
      ['clouds:', ...cloud(CLOUD, user), ...cloud(ADMIN_CLOUD, admin), ''].join('\n'),
    );
  }, 120_000);
  afterAll(() =>
    teardown(
      () => gateway?.stop(),
      () => env && deleteNamespace(env.AMQP_NAMESPACE).catch(() => undefined),
      () => db?.drop(),
      () => keystone?.close(),
      () => configDir && fs.rmSync(configDir, { recursive: true, force: true }),
    ),
  );

  it('zone create/list/show, recordset create, zone delete', async () => {
    const created = await openstack(
      'zone',
      'create',
      '--email',
      'admin@example.com',
      'keystone-cli.example.com.',
    );
    expect(created).toMatchObject({ name: 'keystone-cli.example.com.', action: 'CREATE' });
    const listed = await openstack('zone', 'list');
    expect(listed.map((zone: { name: string }) => zone.name)).toEqual(['keystone-cli.example.com.']);
    expect((await openstack('zone', 'show', 'keystone-cli.example.com.')).id).toBe(created.id);
    const recordset = await openstack(
      'recordset',
      'create',
      '--type',
      'A',
      '--record',
      '192.0.2.10',
      'keystone-cli.example.com.',
      'www',
    );
    expect(recordset).toMatchObject({ name: 'www.keystone-cli.example.com.', type: 'A' });
    expect((await openstack('zone', 'delete', 'keystone-cli.example.com.')).action).toBe('DELETE');
  });

  it('tld create/list as an admin; a member may not', async () => {
    const tld = await openstackAs(ADMIN_CLOUD, 'tld', 'create', '--name', 'example');
    expect(tld).toMatchObject({ name: 'example' });
    const listed = await openstackAs(ADMIN_CLOUD, 'tld', 'list');
    expect(listed.map((entry: { name: string }) => entry.name)).toEqual(['example']);
    await expect(openstack('tld', 'create', '--name', 'test')).rejects.toThrow(
      /403|Forbidden|not authorized/i,
    );
  });
});
