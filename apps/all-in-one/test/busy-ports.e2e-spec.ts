import { execFile } from 'node:child_process';
import * as dgram from 'node:dgram';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT, freePort, teardown } from '@zonewarden/testing';

/** `npm start` (node apps/all-in-one/dist/main.js) with `env`, to its exit. */
function npmStart(env: NodeJS.ProcessEnv) {
  const started = Date.now();
  return new Promise<{ code: number; stderr: string; seconds: number }>((resolve) =>
    execFile(
      process.execPath,
      [path.join(REPO_ROOT, 'apps/all-in-one/dist/main.js')],
      { env, timeout: 60_000 },
      (error, _stdout, stderr) =>
        resolve({
          code: error ? Number((error as { code?: number }).code) : 0,
          stderr,
          seconds: (Date.now() - started) / 1000,
        }),
    ),
  );
}

/** Every port the service binds is taken by someone else, DNS's over UDP only (TCP alone would hide it). */
describe('npm start with its ports taken', () => {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zonewarden-ports-')), 'data');
  const holders: Array<{ close(): void }> = [];
  const ports: Record<'API_PORT' | 'MINIDNS_PORT' | 'OPS_PORT', number> = {
    API_PORT: 0,
    MINIDNS_PORT: 0,
    OPS_PORT: 0,
  };

  beforeAll(async () => {
    for (const variable of ['API_PORT', 'OPS_PORT'] as const) {
      const server = net.createServer().listen(await freePort(), '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      ports[variable] = (server.address() as net.AddressInfo).port;
      holders.push(server);
    }
    const dns = dgram.createSocket('udp4');
    ports.MINIDNS_PORT = await freePort();
    await new Promise<void>((resolve) => dns.bind(ports.MINIDNS_PORT, '127.0.0.1', resolve));
    holders.push(dns);
  });

  afterAll(() =>
    teardown(
      () => holders.forEach((holder) => holder.close()),
      () => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }),
    ),
  );

  it('names every taken port by its variable, with free ones to use, and starts nothing', async () => {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, ZONEWARDEN_DATA_DIR: dataDir };
    const run = await npmStart({
      ...env,
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    });
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'zonewarden failed to start: ports in use; nothing was started:',
      `  API_PORT ${ports.API_PORT} is taken on 127.0.0.1 (TCP)`,
      `  MINIDNS_PORT ${ports.MINIDNS_PORT} is taken on 127.0.0.1 (UDP)`,
      `  OPS_PORT ${ports.OPS_PORT} is taken on 127.0.0.1 (TCP)`,
    ]);
    expect(lines[4]).toMatch(
      /^Set others, e\.g\. `API_PORT=\d+ MINIDNS_PORT=\d+ OPS_PORT=\d+ npm start` \(another Zonewarden may be running\)\.$/,
    );
    // Nothing started: no embedded PostgreSQL was even created.
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(run.seconds).toBeLessThan(10);
  });
});
