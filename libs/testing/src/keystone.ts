import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { KeystoneApi } from './keystone-api';
import { ManagedProcess, freePort } from './processes';
import { teardown } from './teardown';
import { TestDatabase, createDatabaseFrom, ensureTemplate } from './test-database';
import { GiveUp, waitFor } from './waiting';

const run = promisify(execFile);

export const KEYSTONE_ADMIN = { name: 'admin', password: 'keystone-admin-secret', projectName: 'admin' };

export interface KeystoneOptions {
  /** [token] expiration: how long the tokens it issues are valid. */
  tokenExpirationSeconds?: number;
}

function keystoneConf(dir: string, databaseUrl: string, { tokenExpirationSeconds = 3600 }: KeystoneOptions) {
  return [
    '[DEFAULT]',
    `log_dir = ${dir}`,
    '[database]',
    // PostgreSQL (Debian's python3-psycopg2): under uwsgi, Keystone's sqlite database ends up locked.
    `connection = ${databaseUrl.replace(/^postgresql:/, 'postgresql+psycopg2:')}`,
    // The machine's PostgreSQL serves every test: a few connections are plenty for one Keystone.
    'max_pool_size = 2',
    'max_overflow = 2',
    '[fernet_tokens]',
    `key_repository = ${path.join(dir, 'fernet-keys')}`,
    '[credential]',
    `key_repository = ${path.join(dir, 'credential-keys')}`,
    '[identity]',
    // The fewest bcrypt rounds Keystone accepts: users and tokens are created in milliseconds.
    'password_hash_rounds = 4',
    '[token]',
    `expiration = ${tokenExpirationSeconds}`,
    '',
  ].join('\n');
}

function keystoneManage(dir: string, databaseUrl: string, ...args: string[]) {
  const conf = path.join(dir, 'keystone.conf');
  if (!fs.existsSync(conf)) fs.writeFileSync(conf, keystoneConf(dir, databaseUrl, {}));
  return run('keystone-manage', ['--config-file', conf, ...args]);
}

/** Keystone's schema, migrated once per installed version and cloned per test (db_sync takes seconds). */
async function keystoneDatabase(): Promise<TestDatabase> {
  const egg = fs
    .readdirSync('/usr/lib/python3/dist-packages')
    .find((name) => /^keystone-.*\.egg-info$/.test(name));
  const template = `zw_keystone_template_${(egg ?? 'unknown').replace(/\W/g, '_').toLowerCase()}`;
  await ensureTemplate(template, async (url) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-keystone-sync-'));
    try {
      await keystoneManage(dir, url, 'db_sync');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  return createDatabaseFrom('zw_keystone', template);
}

/**
 * A real Keystone (Debian's `keystone` package under uwsgi) of one test: its own temp directory
 * (keystone.conf, fernet and credential keys), its own database, a free loopback port, bootstrapped with
 * an admin user and project, the roles admin/member/reader and its identity endpoint. `api` creates
 * projects, users and tokens through the v3 API.
 */
export class Keystone {
  private server?: ManagedProcess;
  readonly api = new KeystoneApi(() => this.authUrl, KEYSTONE_ADMIN);

  private constructor(
    private readonly dir: string,
    readonly port: number,
    private db?: TestDatabase,
  ) {}

  /** The v3 API, as services are configured with it (KEYSTONE_AUTH_URL). */
  get authUrl(): string {
    return `http://127.0.0.1:${this.port}/v3`;
  }

  private get confFile(): string {
    return path.join(this.dir, 'keystone.conf');
  }

  static async start(options: KeystoneOptions = {}): Promise<Keystone> {
    const keystone = new Keystone(fs.mkdtempSync(path.join(os.tmpdir(), 'zw-keystone-')), await freePort());
    try {
      await keystone.setUp(options);
      await keystone.run();
      return keystone;
    } catch (error) {
      await keystone.close();
      throw error;
    }
  }

  private async setUp(options: KeystoneOptions): Promise<void> {
    const [db] = await Promise.all([
      keystoneDatabase(),
      fs.promises.mkdir(path.join(this.dir, 'fernet-keys')),
      fs.promises.mkdir(path.join(this.dir, 'credential-keys')),
    ]);
    this.db = db;
    fs.writeFileSync(this.confFile, keystoneConf(this.dir, db.url, options));
    const manage = (...args: string[]) => keystoneManage(this.dir, db.url, ...args);
    // The key files belong to whoever runs the tests (root on CI), who also runs uwsgi.
    const group = (await run('id', ['-gn'])).stdout.trim();
    const owner = ['--keystone-user', os.userInfo().username, '--keystone-group', group];
    // bootstrap refuses to run while the fernet key repository is empty (it failed now and then when run
    // alongside fernet_setup); credential_setup is independent, so it runs beside both.
    await Promise.all([
      manage('fernet_setup', ...owner).then(() =>
        manage(
          'bootstrap',
          '--bootstrap-username',
          KEYSTONE_ADMIN.name,
          '--bootstrap-password',
          KEYSTONE_ADMIN.password,
          '--bootstrap-project-name',
          KEYSTONE_ADMIN.projectName,
          '--bootstrap-region-id',
          'RegionOne',
          '--bootstrap-public-url',
          this.authUrl,
        ),
      ),
      manage('credential_setup', ...owner),
    ]);
  }

  /** uwsgi serving keystone-wsgi-public, which reads the files named by OS_KEYSTONE_CONFIG_FILES. */
  private async run(): Promise<void> {
    const server = ManagedProcess.start(
      'keystone',
      'uwsgi',
      [
        '--plugin',
        'python3',
        // Each connection closed after its answer (uwsgi's keep-alive would hold the one worker), and
        // clients told so: otherwise they reuse the closed connection and get a reset.
        '--http-socket',
        `127.0.0.1:${this.port}`,
        '--add-header',
        'Connection: close',
        '--wsgi-file',
        '/usr/bin/keystone-wsgi-public',
        '--master',
        // One worker, one thread: enough for a test, and no thread-safety questions.
        '--processes',
        '1',
        '--need-app',
        '--die-on-term',
        '--no-orphans',
      ],
      { ...process.env, OS_KEYSTONE_CONFIG_FILES: this.confFile },
    );
    this.server = server;
    try {
      await waitFor(
        'Keystone to answer',
        async () => {
          if (!server.running) throw new GiveUp(`uwsgi exited:\n${server.output.slice(-3000)}`);
          return (await fetch(this.authUrl)).ok;
        },
        30_000,
      );
    } catch (error) {
      await server.stop('SIGKILL');
      throw error;
    }
  }

  /** Stops it (its data stays): services relying on it find it unreachable. */
  async stop(): Promise<void> {
    await this.server?.stop();
  }

  /** Starts it again on the same data, keys and port, with `options` (e.g. a shorter token expiration). */
  async restart(options: KeystoneOptions = {}): Promise<void> {
    await this.stop();
    fs.writeFileSync(this.confFile, keystoneConf(this.dir, this.db!.url, options));
    await this.run();
  }

  async close(): Promise<void> {
    await teardown(
      () => this.stop(),
      () => this.db?.drop(),
      () => fs.rmSync(this.dir, { recursive: true, force: true }),
    );
  }
}

export const startKeystone = (options?: KeystoneOptions) => Keystone.start(options);
