import { querySoa } from '@zonewarden/dns';
import {
  ManagedProcess,
  TestDatabase,
  appsEnv,
  as,
  createTestDatabase,
  deleteNamespace,
  freePort,
  startApp,
  startApps,
  teardown,
  waitFor,
} from '@zonewarden/testing';

/** A project's member (noauth), who manages its zones and their update grants. */
const MEMBER = { ...as('grants-project', 'member'), 'Content-Type': 'application/json' };

export interface Grant {
  id: string;
  key_name: string;
  algorithm: string;
  secret: string;
}

/**
 * api-gateway and mini-dns on a test database of their own (their own ports, AMQP namespace), as a
 * project's clients reach them: the API for zones and update grants, mini-dns for DNS (TSIG, UPDATE,
 * AXFR). Started by `start` in beforeAll, stopped by `stop` in afterAll, also after a failed start.
 */
export class GrantsService {
  api = '';
  dnsPort = 0;
  private db?: TestDatabase;
  private env?: Record<string, string>;
  private readonly apps: ManagedProcess[] = [];

  /** `others`: the apps started beside api-gateway and mini-dns (pool-manager, to see deletes through). */
  async start(env: Record<string, string> = {}, others: string[] = []): Promise<void> {
    this.db = await createTestDatabase();
    const apiPort = await freePort();
    this.dnsPort = await freePort();
    this.env = {
      ...appsEnv(this.db.url),
      AUTH_STRATEGY: 'noauth',
      API_PORT: String(apiPort),
      MINIDNS_HOST: '127.0.0.1',
      MINIDNS_PORT: String(this.dnsPort),
      TSIG_KEY_ENCRYPTION_KEYS: 'k2026=an operator secret for the tests',
      ...env,
    };
    this.api = `http://127.0.0.1:${apiPort}`;
    this.apps.push(await startApp('api-gateway', this.env));
    this.apps.push(...(await startApps(['mini-dns', ...others], this.env)));
  }

  stop(): Promise<void> {
    return teardown(
      () => Promise.all(this.apps.map((app) => app.stop())),
      () => this.env && deleteNamespace(this.env.AMQP_NAMESPACE).catch(() => undefined),
      () => this.db?.drop(),
    );
  }

  /** The apps' last output, to explain a failure. */
  output(): string {
    return this.apps.map((app) => app.output.slice(-3000)).join('\n');
  }

  /** An API call as the project's member; throws on a status other than `expected`. */
  async call<T = Record<string, unknown>>(
    method: string,
    url: string,
    body?: unknown,
    expected = [200, 201, 202, 204],
  ): Promise<T> {
    const res = await fetch(`${this.api}${url}`, {
      method,
      headers: MEMBER,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!expected.includes(res.status)) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** A new zone, once mini-dns answers for it. */
  async zone(name: string): Promise<{ id: string; name: string }> {
    const zone = await this.call<{ id: string; name: string }>('POST', '/v2/zones', {
      name,
      email: `hostmaster@${name.slice(0, -1)}`,
    });
    await waitFor(
      `mini-dns to serve ${name}`,
      async () => (await querySoa({ host: '127.0.0.1', port: this.dnsPort }, name, 1000)).present,
    );
    return zone;
  }

  /** A new update grant of the zone, with its secret. */
  grant(zoneId: string, grant: Record<string, unknown>): Promise<Grant> {
    return this.call<Grant>('POST', `/v2/zones/${zoneId}/update_grants`, grant);
  }

  /** The records of the zone's record sets of `type`, as the API shows them. */
  async records(zoneId: string, type: string): Promise<string[]> {
    const { recordsets } = await this.call<{ recordsets: Array<{ name: string; records: string[] }> }>(
      'GET',
      `/v2/zones/${zoneId}/recordsets?type=${type}&limit=1000`,
    );
    return recordsets.flatMap((set) => set.records.map((record) => `${set.name} ${record}`));
  }
}
