/** Designate's timestamp shape. */
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

/** Designate's noauth headers for a caller. */
export function as(projectId: string, roles = 'member', userId?: string): Record<string, string> {
  return {
    'X-Auth-Project-ID': projectId,
    'X-Roles': roles,
    ...(userId ? { 'X-Auth-User-ID': userId } : {}),
  };
}

/**
 * Calls the API at `base` (its URL without /v2) with `headers` (e.g. `as(…)` and a JSON content type): the
 * status and the JSON body (none for a 204).
 */
export function apiCaller(base: string, headers: Record<string, string>) {
  return async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: res.status === 204 ? undefined : await res.json() };
  };
}
