import { operatorServices } from '@zonewarden/domain';
import { PrismaService } from '@zonewarden/persistence';
import { AllInOne, TestDatabase, createTestDatabase, startAllInOne, teardown } from '@zonewarden/testing';

/** The whole service (every app in one process) on a database of its own, and its tokens. */
export interface ConsoleService {
  db: TestDatabase;
  app: AllInOne;
  /** The API's base URL; the console is at `${api}/console/`. */
  api: string;
  /** The development admin token `npm start` prints (project dev-project); empty unless AUTH_STRATEGY=token. */
  adminToken: string;
  /** A new token for `projectId` with `roles`, expiring at `expiresAt` when given. */
  token(projectId: string, roles: string[], expiresAt?: Date): Promise<string>;
  stop(): Promise<void>;
}

/** Token auth unless `env` says otherwise (`AUTH_STRATEGY=noauth`, or `keystone` with its `KEYSTONE_*`). */
export async function startConsoleService(env: Record<string, string> = {}): Promise<ConsoleService> {
  const settings = { AUTH_STRATEGY: 'token', ...env };
  const db = await createTestDatabase();
  let app: AllInOne | undefined;
  try {
    app = await startAllInOne(db.url, settings);
  } catch (error) {
    await db.drop();
    throw error;
  }
  const adminToken = /Token: +(\S+)/.exec(app.process.output)?.[1] ?? '';
  if (settings.AUTH_STRATEGY === 'token' && !adminToken) {
    await teardown(
      () => app?.process.stop(),
      () => db.drop(),
    );
    throw new Error(`no development token in the banner:\n${app.process.output}`);
  }
  const prisma = new PrismaService({ url: db.url, poolSize: 1 });
  const { tokens } = operatorServices(prisma);
  const started = app;
  return {
    db,
    app: started,
    api: started.api,
    adminToken,
    token: async (projectId, roles, expiresAt) =>
      (await tokens.issue({ projectId, userId: `${projectId}-user`, roles }, 'console test', expiresAt))
        .token,
    stop: () =>
      teardown(
        () => prisma.close(),
        () => started.process.stop(),
        () => db.drop(),
      ),
  };
}

/** The API, as a client with a token calls it: the parsed JSON body (or text), failing on a non-2xx. */
export async function callApi<T = Record<string, unknown>>(
  service: ConsoleService,
  token: string,
  path: string,
  init: { method?: string; json?: unknown; accept?: string } = {},
): Promise<T> {
  const res = await fetch(`${service.api}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'X-Auth-Token': token,
      Accept: init.accept ?? 'application/json',
      ...(init.json !== undefined && { 'Content-Type': 'application/json' }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
}
