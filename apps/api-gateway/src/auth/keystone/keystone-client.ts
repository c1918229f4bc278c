import type { Identity } from '../identity';

/** The service's own credentials and how long to wait for Keystone (settings KEYSTONE_*). */
export interface KeystoneSettings {
  /** Keystone's v3 API, e.g. http://127.0.0.1:5000/v3 */
  authUrl: string;
  username: string;
  password: string;
  projectName: string;
  userDomainName: string;
  projectDomainName: string;
  timeoutMs: number;
}

/** A user's password credentials, scoped to a project of a domain. */
export interface PasswordCredentials {
  username: string;
  password: string;
  projectName: string;
  userDomainName: string;
  projectDomainName: string;
}

/** Keystone could not answer (unreachable, too slow, 5xx, or refusing the service's own credentials). */
export class KeystoneUnavailable extends Error {}

export interface ValidatedToken {
  identity: Identity;
  /** Epoch milliseconds. */
  expiresAt: number;
}

interface TokenBody {
  token: {
    expires_at: string;
    user: { id: string };
    project?: { id: string };
    system?: { all?: boolean };
    roles?: { name: string }[];
  };
}

/** The service token is renewed this long before it expires (or at half its life, when shorter). */
const RENEW_MARGIN_MS = 60_000;

/**
 * Keystone's v3 token API as Designate's keystonemiddleware uses it: the service authenticates with its
 * password (a project-scoped token, renewed before it expires) and validates users' tokens with it.
 */
export class KeystoneClient {
  private serviceToken?: Promise<{ token: string; renewAt: number }>;

  constructor(private readonly settings: KeystoneSettings) {}

  /** The token's identity and expiry, or null when Keystone does not know it (invalid, expired, revoked). */
  async validate(subjectToken: string): Promise<ValidatedToken | null> {
    const res = await this.getAsService('/auth/tokens', { 'X-Subject-Token': subjectToken });
    if (res.status === 200) return validated((await res.json()) as TokenBody);
    if (res.status === 404 || res.status === 400) return null;
    throw new KeystoneUnavailable(`Keystone answered ${res.status} to a token validation`);
  }

  /** Keystone's status for `GET /v3/projects/{id}`: 200, 404 when there is no such project, 403 … */
  async projectStatus(projectId: string): Promise<number> {
    const res = await this.getAsService(`/projects/${encodeURIComponent(projectId)}`);
    await res.body?.cancel();
    return res.status;
  }

  /** A GET with the service's token; when Keystone no longer accepts it (revoked, keys rotated), a new one, once. */
  private async getAsService(route: string, headers: Record<string, string> = {}): Promise<Response> {
    for (const renewed of [false, true]) {
      const res = await this.request('GET', route, {
        ...headers,
        'X-Auth-Token': await this.currentServiceToken(),
      });
      if (res.status !== 401) return res;
      if (!renewed) this.serviceToken = undefined;
    }
    throw new KeystoneUnavailable('Keystone refuses the service token it has just issued');
  }

  /** The service's token, issued when there is none or it is due for renewal (failures are not kept). */
  private async currentServiceToken(): Promise<string> {
    const current = await this.serviceToken?.catch(() => undefined);
    if (current && current.renewAt > Date.now()) return current.token;
    const issuing = this.issueServiceToken();
    this.serviceToken = issuing;
    issuing.catch(() => {
      if (this.serviceToken === issuing) this.serviceToken = undefined;
    });
    return (await issuing).token;
  }

  /**
   * A project-scoped token for a user's password (the console's sign-in: the browser never talks to
   * Keystone), or null when Keystone refuses the credentials.
   */
  async issueUserToken(user: PasswordCredentials): Promise<{ token: string; expiresAt: number } | null> {
    const res = await this.passwordAuth(user);
    const token = res.headers.get('x-subject-token');
    if (res.status === 401 || res.status === 400 || res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (res.status !== 201 || !token)
      throw new KeystoneUnavailable(`Keystone answered ${res.status} to a sign-in`);
    return { token, expiresAt: Date.parse(((await res.json()) as TokenBody).token.expires_at) };
  }

  /** Revokes a user's token (sign-out): best effort, as the token expires anyway. */
  async revoke(subjectToken: string): Promise<void> {
    const res = await this.request('DELETE', '/auth/tokens', {
      'X-Auth-Token': subjectToken,
      'X-Subject-Token': subjectToken,
    });
    await res.body?.cancel();
  }

  private async issueServiceToken(): Promise<{ token: string; renewAt: number }> {
    const { username, password, projectName, userDomainName, projectDomainName } = this.settings;
    const res = await this.passwordAuth({
      username,
      password,
      projectName,
      userDomainName,
      projectDomainName,
    });
    const token = res.headers.get('x-subject-token');
    if (res.status !== 201 || !token) {
      throw new KeystoneUnavailable(`Keystone refused the service's credentials (${res.status})`);
    }
    const expiresAt = Date.parse(((await res.json()) as TokenBody).token.expires_at);
    const now = Date.now();
    return { token, renewAt: expiresAt - Math.min(RENEW_MARGIN_MS, (expiresAt - now) / 2) };
  }

  /** Keystone's password authentication, scoped to a project by name. */
  private passwordAuth(user: PasswordCredentials): Promise<Response> {
    const { username, password, projectName, userDomainName, projectDomainName } = user;
    return this.request(
      'POST',
      '/auth/tokens',
      { 'Content-Type': 'application/json' },
      JSON.stringify({
        auth: {
          identity: {
            methods: ['password'],
            password: { user: { name: username, domain: { name: userDomainName }, password } },
          },
          scope: { project: { name: projectName, domain: { name: projectDomainName } } },
        },
      }),
    );
  }

  /** One call, bounded by the timeout; a connection dropped before any answer is tried once more. */
  private async request(
    method: string,
    route: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Response> {
    const url = `${this.settings.authUrl.replace(/\/+$/, '')}${route}`;
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await fetch(url, {
          method,
          headers,
          body,
          signal: AbortSignal.timeout(this.settings.timeoutMs),
        });
        if (res.status >= 500) throw new KeystoneUnavailable(`Keystone answered ${res.status}`);
        return res;
      } catch (error) {
        if (error instanceof KeystoneUnavailable) throw error;
        const timedOut = (error as Error).name === 'TimeoutError';
        if (timedOut || attempt === 2) {
          throw new KeystoneUnavailable(`Keystone unreachable: ${(error as Error).message}`);
        }
      }
    }
  }
}

/**
 * Designate's context from a validated token: its project (none for a system-scoped token, which Designate
 * takes as acting for no project), user and role names (lower case). A domain-scoped token is refused: its
 * roles are a domain's, and Designate's legacy rules would make a domain's admin an admin of every project.
 */
function validated({ token }: TokenBody): ValidatedToken | null {
  const system = token.system?.all === true;
  if (!token.project && !system) return null;
  return {
    identity: {
      projectId: token.project?.id ?? null,
      userId: token.user.id,
      roles: (token.roles ?? []).map((role) => role.name.toLowerCase()),
      expiresAt: Date.parse(token.expires_at),
    },
    expiresAt: Date.parse(token.expires_at),
  };
}
