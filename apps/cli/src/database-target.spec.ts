import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { TEST_ADMIN_URL, TestDatabase, createTestDatabase, teardown } from '@zonewarden/testing';
import { chooseDatabase } from './database-target';

/** A URL on the test server for a database nobody created. */
function missingDatabaseUrl(): string {
  const url = new URL(TEST_ADMIN_URL);
  url.pathname = `/zw_never_created_${process.pid}_${Date.now().toString(36)}`;
  return url.toString();
}

async function databaseExists(url: string): Promise<boolean> {
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: TEST_ADMIN_URL });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      new URL(url).pathname.slice(1),
    ]);
    return found.rowCount === 1;
  } finally {
    await admin.end();
  }
}

describe('the database the CLI works on', () => {
  let db: TestDatabase;
  let dataDir: string;
  const announce = (pid: number, databaseUrl: string) =>
    fs.writeFileSync(
      path.join(dataDir, 'running.json'),
      JSON.stringify({ pid, databaseUrl, apiUrl: 'http://x' }),
    );

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-cli-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  afterAll(() => teardown(() => db?.drop()));

  it('is DATABASE_URL when set, whatever runs', async () => {
    announce(process.pid, 'postgresql://elsewhere/db');
    expect(await chooseDatabase({ DATABASE_URL: db.url, ZONEWARDEN_DATA_DIR: dataDir })).toEqual({
      url: db.url,
    });
  });

  it('is the database of the `npm start` running on ZONEWARDEN_DATA_DIR, said on stderr', async () => {
    announce(process.pid, db.url);
    const target = await chooseDatabase({ ZONEWARDEN_DATA_DIR: dataDir }, missingDatabaseUrl());
    expect(target.url).toBe(db.url);
    expect(target.note).toBe(`using the database of the \`npm start\` running on ${dataDir}`);
  });

  it('refuses in one line, creating nothing, when nothing runs and the local database does not exist', async () => {
    announce(2 ** 22 + 1, db.url); // beyond pid_max: a start that has stopped
    const fallback = missingDatabaseUrl();
    const refusal = await chooseDatabase({ ZONEWARDEN_DATA_DIR: dataDir }, fallback).catch(
      (error: Error) => error,
    );
    expect((refusal as Error).message).toMatch(
      /^DATABASE_URL is not set and no `npm start` is running on .+ \(its last one, pid \d+, has stopped\), and the PostgreSQL at .+ has no database zw_never_created_\S+, which the CLI does not create: start Zonewarden \(`npm start`\) and run this again, or set DATABASE_URL to its database$/,
    );
    expect(await databaseExists(fallback)).toBe(false);
  });

  it('refuses in one line when no PostgreSQL answers at the local address', async () => {
    const closed = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => closed.once('listening', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      chooseDatabase({ ZONEWARDEN_DATA_DIR: dataDir }, `postgresql://postgres@127.0.0.1:${port}/zonewarden`),
    ).rejects.toThrow(/^[^\n]*no PostgreSQL answers at 127\.0\.0\.1:\d+ \(ECONNREFUSED\)[^\n]*$/);
  });

  it('is the local database when it exists and nothing runs, said on stderr', async () => {
    const target = await chooseDatabase({ ZONEWARDEN_DATA_DIR: dataDir }, db.url);
    expect(target).toEqual({
      url: db.url,
      note: `using ${db.url} (DATABASE_URL is not set and no \`npm start\` is running on ${dataDir})`,
    });
  });
});
