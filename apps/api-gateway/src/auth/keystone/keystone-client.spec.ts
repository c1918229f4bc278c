import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { KeystoneClient, KeystoneUnavailable } from './keystone-client';

const HOUR = 3_600_000;
const tokenBody = (project: boolean) => ({
  token: {
    expires_at: new Date(Date.now() + HOUR).toISOString(),
    user: { id: 'user-1' },
    ...(project ? { project: { id: 'project-1' } } : {}),
    roles: [{ name: 'Member' }, { name: 'reader' }],
  },
});

/**
 * Keystone's token API as the client sees it, answering `validation(subjectToken)` to validations; the
 * real one is exercised by test/keystone.e2e-spec.ts, this one answers what a real one rarely does.
 */
describe('KeystoneClient', () => {
  let server: http.Server;
  let issued: number;
  let acceptedServiceToken: string;
  let validation: (subject: string) => { status: number; body?: unknown; delayMs?: number };
  /** The projects Keystone has (GET /v3/projects/{id}). */
  let projects: string[];

  const client = (timeoutMs = 1000) =>
    new KeystoneClient({
      authUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3/`,
      username: 'designate',
      password: 'secret',
      projectName: 'service',
      userDomainName: 'Default',
      projectDomainName: 'Default',
      timeoutMs,
    });

  beforeEach(async () => {
    issued = 0;
    acceptedServiceToken = 'service-1';
    validation = () => ({ status: 200, body: tokenBody(true) });
    projects = ['project-1'];
    server = http.createServer((req, res) => {
      if (req.method === 'POST') {
        issued++;
        acceptedServiceToken = `service-${issued}`;
        res.writeHead(201, { 'X-Subject-Token': acceptedServiceToken, 'Content-Type': 'application/json' });
        res.end(JSON.stringify(tokenBody(true)));
        return;
      }
      if (req.headers['x-auth-token'] !== acceptedServiceToken) {
        res.writeHead(401).end();
        return;
      }
      const project = /^\/v3\/projects\/(.+)$/.exec(req.url ?? '')?.[1];
      const answer =
        project === undefined
          ? validation(String(req.headers['x-subject-token']))
          : { status: projects.includes(decodeURIComponent(project)) ? 200 : 404, body: {} };
      setTimeout(() => {
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("maps the token's project, user and lower-case roles, with one service token for many", async () => {
    const keystone = client();
    const validated = await keystone.validate('user-token');
    expect(validated?.identity).toEqual({
      projectId: 'project-1',
      userId: 'user-1',
      roles: ['member', 'reader'],
      expiresAt: validated!.expiresAt,
    });
    expect(validated!.expiresAt).toBeGreaterThan(Date.now() + HOUR - 60_000);
    await keystone.validate('another-token');
    expect(issued).toBe(1);
  });

  it('answers null for tokens Keystone does not know, or that act for no project', async () => {
    validation = () => ({ status: 404, body: { error: { code: 404 } } });
    expect(await client().validate('unknown')).toBeNull();
    validation = () => ({ status: 200, body: tokenBody(false) });
    expect(await client().validate('domain-scoped')).toBeNull();
  });

  it('gets a new service token when Keystone no longer accepts its own, once', async () => {
    const keystone = client();
    await keystone.validate('user-token');
    acceptedServiceToken = 'rotated-away';
    // The next POST issues service-2, which Keystone then accepts.
    expect(await keystone.validate('user-token')).not.toBeNull();
    expect(issued).toBe(2);
  });

  it("reads a project with the service token: Keystone's 200, or 404 when it has no such project", async () => {
    const keystone = client();
    expect(await keystone.projectStatus('project-1')).toBe(200);
    expect(await keystone.projectStatus('no/such project')).toBe(404);
    expect(issued).toBe(1);
  });

  it.each([
    ['a 5xx', () => ({ status: 503 })],
    ['no answer within the timeout', () => ({ status: 200, body: tokenBody(true), delayMs: 3000 })],
  ])('is unavailable on %s', async (_case, answer) => {
    validation = answer;
    await expect(client(500).validate('user-token')).rejects.toBeInstanceOf(KeystoneUnavailable);
  });

  it('is unavailable when Keystone is not listening', async () => {
    const keystone = client();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await expect(keystone.validate('user-token')).rejects.toBeInstanceOf(KeystoneUnavailable);
    server.listen(0, '127.0.0.1');
  });
});
