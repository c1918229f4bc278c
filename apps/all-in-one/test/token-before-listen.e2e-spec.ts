import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  ManagedProcess,
  REPO_ROOT,
  TestDatabase,
  createTestDatabase,
  freePort,
  teardown,
} from '@zonewarden/testing';

/** Whether something accepts TCP connections on 127.0.0.1:`port` now. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A client that waits for the API's port (a script, a readiness probe) and then uses the development
 * token must find it valid: the token is issued and written before the API listens, not after.
 */
describe('npm start: the development token exists before the API answers', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewarden-token-first-'));
  let db: TestDatabase;
  let app: ManagedProcess | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(() =>
    teardown(
      () => app?.stop(),
      () => db?.drop(),
      () => fs.rmSync(dataDir, { recursive: true, force: true }),
    ),
  );

  it("answers its very first request with the banner's token", async () => {
    const apiPort = await freePort();
    app = ManagedProcess.start(
      'all-in-one',
      process.execPath,
      [path.join(REPO_ROOT, 'apps/all-in-one/dist/main.js')],
      {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ZONEWARDEN_DATA_DIR: dataDir,
        DATABASE_URL: db.url,
        DATABASE_POOL_SIZE: '10',
        API_PORT: String(apiPort),
        MINIDNS_PORT: String(await freePort()),
      },
    );
    // Tight polling: the old order left tens of milliseconds between listening and writing the token.
    let tokenAtFirstConnection: string | undefined;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline && app.running;) {
      if (await accepts(apiPort)) {
        const file = path.join(dataDir, 'dev-admin-token');
        tokenAtFirstConnection = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(tokenAtFirstConnection).toMatch(/^zw_/);
    const zones = await fetch(`http://127.0.0.1:${apiPort}/v2/zones`, {
      headers: { 'X-Auth-Token': tokenAtFirstConnection as string },
    });
    expect(zones.status).toBe(200);
    await app.waitForOutput(/Ctrl-C stops it/, 60_000);
    expect(/Token: +(\S+)/.exec(app.output)?.[1]).toBe(tokenAtFirstConnection);
  });
});
