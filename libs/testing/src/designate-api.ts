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
