/**
 * The gateway's API as the console calls it: same origin, the session cookie (HttpOnly: never seen here)
 * and, for changes, the session's CSRF token. Every failure becomes an ApiError carrying the API's message,
 * its request id and, for a body the API refused, the problem of each field.
 */

/** One problem of a refused body, as the API names it (`path`: the field, and an index in a list). */
export interface FieldProblem {
  path: (string | number)[];
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly requestId: string | null,
    readonly type: string | null = null,
    readonly problems: FieldProblem[] = [],
  ) {
    super(message);
  }

  /** The message of the problems of one field (`name`, or `records` of a record set), if any. */
  fieldMessage(field: string): string | undefined {
    const messages = this.problems.filter((p) => p.path[0] === field).map((p) => p.message);
    return messages.length ? messages.join('; ') : undefined;
  }
}

let csrfToken: string | undefined;
let allProjects = false;
let sudoProject: string | undefined;
let onSignedOut: (() => void) | undefined;

/** The session's CSRF token, sent as X-CSRF-Token with every change (none: signed out). */
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

/** An admin's view of every project (`X-Auth-All-Projects: true` on every call), or of its own. */
export function setAllProjects(on: boolean): void {
  allProjects = on;
}

/**
 * An admin acting for another project (`X-Auth-Sudo-Project-ID: <project>` on every call: the API then
 * treats the calls as that project's), or for its own (undefined).
 */
export function setSudoProject(projectId: string | undefined): void {
  sudoProject = projectId;
}

/** Called when the API answers 401: the session ended (its token expired, or it was signed out elsewhere). */
export function whenSignedOut(listener: () => void): void {
  onSignedOut = listener;
}

interface RequestOptions {
  method?: string;
  /** A JSON body, or text sent as `text/dns` (a zonefile). */
  json?: unknown;
  zonefile?: string;
  accept?: string;
}

async function send(
  path: string,
  { method = 'GET', json, zonefile, accept }: RequestOptions,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept ?? 'application/json' };
  if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  if (allProjects) headers['X-Auth-All-Projects'] = 'true';
  if (sudoProject) headers['X-Auth-Sudo-Project-ID'] = sudoProject;
  let body: string | undefined;
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (zonefile !== undefined) {
    headers['Content-Type'] = 'text/dns';
    body = zonefile;
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, `The service did not answer: ${(error as Error).message}`, null);
  }
  if (res.ok) return res;
  throw await errorOf(res, path);
}

async function errorOf(res: Response, path: string): Promise<ApiError> {
  const requestId = res.headers.get('x-openstack-request-id');
  let body: { message?: unknown; type?: unknown; request_id?: unknown; errors?: { errors?: unknown } } = {};
  try {
    body = await res.json();
  } catch {
    // Not JSON (a proxy's page): the status says what there is to say.
  }
  if (res.status === 401 && !path.startsWith('/console/session')) onSignedOut?.();
  const problems = Array.isArray(body.errors?.errors) ? (body.errors.errors as FieldProblem[]) : [];
  return new ApiError(
    res.status,
    typeof body.message === 'string' ? body.message : `${res.status} ${res.statusText}`,
    typeof body.request_id === 'string' ? body.request_id : requestId,
    typeof body.type === 'string' ? body.type : null,
    problems,
  );
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(path, options);
  if (res.status === 204 || (res.status === 202 && res.headers.get('content-length') === '0'))
    return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A text answer (a zone's export). */
export async function apiText(path: string, accept: string): Promise<string> {
  return (await send(path, { accept })).text();
}

/** A query string of the set values. */
export function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The `marker` of a collection's `next` link, when there is a next page. */
export function nextMarker(links: { next?: string } | undefined): string | undefined {
  if (!links?.next) return undefined;
  return new URL(links.next, location.href).searchParams.get('marker') ?? undefined;
}
