/** A Keystone user's password credentials, scoped to a project of the Default domain. */
export interface KeystoneCredentials {
  name: string;
  password: string;
  projectName: string;
}

export interface KeystoneUser extends KeystoneCredentials {
  id: string;
  projectId: string;
}

/** A user whose tokens are scoped to the system rather than a project. */
export interface SystemUser {
  id?: string;
  name: string;
  password: string;
}

export type KeystoneRole = 'admin' | 'member' | 'reader';

/** The parts of Keystone's answers the helpers read. */
interface KeystoneBody {
  project: { id: string };
  user: { id: string };
  roles: { id: string }[];
  service: { id: string };
}

/** Keystone's v3 API as a test needs it, called as the bootstrap admin (plain HTTP). */
export class KeystoneApi {
  private adminToken?: Promise<string>;
  private readonly roleIds = new Map<string, Promise<string>>();

  constructor(
    private readonly authUrl: () => string,
    private readonly admin: KeystoneCredentials,
  ) {}

  /** A project-scoped token of `user` (the X-Subject-Token Keystone answers). */
  issueToken(user: KeystoneCredentials): Promise<string> {
    return this.token(user, { project: { name: user.projectName, domain: { id: 'default' } } });
  }

  /** A system-scoped token of `user` (`{"system": {"all": true}}`, as tempest's system_admin and system_reader). */
  issueSystemToken(user: SystemUser): Promise<string> {
    return this.token(user, { system: { all: true } });
  }

  private async token(user: SystemUser, scope: object): Promise<string> {
    const res = await fetch(`${this.authUrl()}/auth/tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        auth: {
          identity: {
            methods: ['password'],
            password: { user: { name: user.name, domain: { id: 'default' }, password: user.password } },
          },
          scope,
        },
      }),
    });
    if (res.status !== 201) throw new Error(`Keystone refused a token for ${user.name}: ${await res.text()}`);
    return res.headers.get('x-subject-token')!;
  }

  /** Revokes `token` (DELETE /v3/auth/tokens): Keystone no longer validates it. */
  async revokeToken(token: string): Promise<void> {
    await this.call('DELETE', '/auth/tokens', undefined, { 'X-Subject-Token': token });
  }

  async createProject(name: string): Promise<string> {
    const body = await this.call('POST', '/projects', { project: { name, domain_id: 'default' } });
    return body.project.id;
  }

  /** A user of the Default domain with `role` on `project` (a name and id from createProject). */
  async createUser(
    name: string,
    project: { name: string; id: string },
    role: KeystoneRole,
  ): Promise<KeystoneUser> {
    const password = `${name}-secret`;
    const body = await this.call('POST', '/users', { user: { name, password, domain_id: 'default' } });
    const id: string = body.user.id;
    await this.call('PUT', `/projects/${project.id}/users/${id}/roles/${await this.roleId(role)}`);
    return { id, name, password, projectName: project.name, projectId: project.id };
  }

  /** A user of the Default domain with `role` on the system (Keystone's system scope), in no project. */
  async createSystemUser(name: string, role: KeystoneRole): Promise<SystemUser> {
    const password = `${name}-secret`;
    const body = await this.call('POST', '/users', { user: { name, password, domain_id: 'default' } });
    await this.call('PUT', `/system/users/${body.user.id}/roles/${await this.roleId(role)}`);
    return { id: body.user.id, name, password };
  }

  /** Puts the `dns` service in the catalog with its public endpoint at `url` (the gateway), as Designate's. */
  async registerDnsService(url: string): Promise<void> {
    const body = await this.call('POST', '/services', { service: { type: 'dns', name: 'designate' } });
    await this.call('POST', '/endpoints', {
      endpoint: { service_id: body.service.id, interface: 'public', url, region_id: 'RegionOne' },
    });
  }

  private roleId(name: KeystoneRole): Promise<string> {
    let id = this.roleIds.get(name);
    if (!id) {
      id = this.call('GET', `/roles?name=${name}`).then((body) => body.roles[0].id);
      this.roleIds.set(name, id);
    }
    return id;
  }

  private async call(
    method: string,
    route: string,
    body?: unknown,
    headers = {},
    renewed = false,
  ): Promise<KeystoneBody> {
    this.adminToken ??= this.issueToken(this.admin);
    const res = await fetch(`${this.authUrl()}${route}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        'X-Auth-Token': await this.adminToken,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 401 && !renewed) {
      // The admin's token expired (a test restarted Keystone with short-lived tokens): a new one.
      this.adminToken = undefined;
      return this.call(method, route, body, headers, true);
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`Keystone ${method} ${route}: ${res.status} ${text}`);
    return JSON.parse(text || '{}');
  }
}
