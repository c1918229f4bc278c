import { api, setAllProjects, setCsrfToken, setSudoProject } from './api';
import type { Session } from './types';

const PATH = '/console/session';

/** The session the cookie holds (signed out when it has none, or its token expired). */
export async function loadSession(): Promise<Session> {
  const session = await api<Session>(PATH);
  setCsrfToken(session.csrf_token);
  return session;
}

/** Signs in with the strategy's fields: `token`; Keystone's user, password, project, domain; noauth's project, roles. */
export async function signIn(fields: Record<string, unknown>): Promise<Session> {
  const session = await api<Session>(PATH, { method: 'POST', json: fields });
  setCsrfToken(session.csrf_token);
  return session;
}

export async function signOut(): Promise<void> {
  await api(PATH, { method: 'DELETE' });
  setCsrfToken(undefined);
  setAllProjects(false);
  setSudoProject(undefined);
}

export const isAdmin = (session: Session) => session.roles?.includes('admin') ?? false;
/** Readers see and never change: the console shows them no buttons that change (the API refuses anyway). */
export const canWrite = (session: Session) =>
  (session.roles ?? []).some((role) => role === 'admin' || role === 'member');
