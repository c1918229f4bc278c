import request from 'supertest';
import { Keystone, KeystoneUser, startKeystone, teardown } from '@zonewarden/testing';
import { GatewayHarness, startGateway } from './gateway-harness';

/** A member, a reader and an admin of project A; a member of project B; a member of project C. */
export type ProjectCaller = 'memberA' | 'readerA' | 'adminA' | 'memberB' | 'memberC';
/** An admin and a reader of the system (system-scoped tokens, as tempest's system_admin and system_reader). */
export type SystemCaller = 'systemAdmin' | 'systemReader';
export type Caller = ProjectCaller | SystemCaller;
export type Call = (r: request.Agent) => request.Test;

export interface KeystoneGateway {
  keystone: Keystone;
  gw: GatewayHarness;
  users: Record<ProjectCaller, KeystoneUser>;
  /** A request agent carrying `who`'s Keystone token (issued at start). */
  as(who: Caller): request.Agent;
  close(): Promise<void>;
}

/**
 * A real Keystone with projects A, B and C and their users, a system admin and a system reader, and a gateway with AUTH_STRATEGY=keystone
 * validating their tokens with its own service user (`designate`, admin of project `service`).
 */
export async function startKeystoneGateway(env: Record<string, string> = {}): Promise<KeystoneGateway> {
  const keystone = await startKeystone();
  try {
    const project = async (name: string) => ({ name, id: await keystone.api.createProject(name) });
    const [a, b, c, service] = [
      await project('project-a'),
      await project('project-b'),
      await project('project-c'),
      await project('service'),
    ];
    await keystone.api.createUser('designate', service, 'admin');
    const users: Record<ProjectCaller, KeystoneUser> = {
      memberA: await keystone.api.createUser('member-a', a, 'member'),
      readerA: await keystone.api.createUser('reader-a', a, 'reader'),
      adminA: await keystone.api.createUser('admin-a', a, 'admin'),
      memberB: await keystone.api.createUser('member-b', b, 'member'),
      memberC: await keystone.api.createUser('member-c', c, 'member'),
    };
    const tokens = {} as Record<Caller, string>;
    for (const who of Object.keys(users) as ProjectCaller[])
      tokens[who] = await keystone.api.issueToken(users[who]);
    tokens.systemAdmin = await keystone.api.issueSystemToken(
      await keystone.api.createSystemUser('system-admin', 'admin'),
    );
    tokens.systemReader = await keystone.api.issueSystemToken(
      await keystone.api.createSystemUser('system-reader', 'reader'),
    );
    const gw = await startGateway({
      AUTH_STRATEGY: 'keystone',
      KEYSTONE_AUTH_URL: keystone.authUrl,
      KEYSTONE_USERNAME: 'designate',
      KEYSTONE_PASSWORD: 'designate-secret',
      KEYSTONE_PROJECT_NAME: 'service',
      KEYSTONE_TIMEOUT_MS: '2000',
      ...env,
    });
    return {
      keystone,
      gw,
      users,
      as: (who) => request.agent(gw.url).set('X-Auth-Token', tokens[who]),
      close: () =>
        teardown(
          () => gw.close(),
          () => keystone.close(),
        ),
    };
  } catch (error) {
    await keystone.close();
    throw error;
  }
}
