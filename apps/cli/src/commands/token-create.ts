import { parseArgs } from 'node:util';
import { operatorServices } from '@zonewarden/domain';
import { PrismaService } from '@zonewarden/persistence';

const ROLES = ['admin', 'member', 'reader'];

export const TOKEN_CREATE_USAGE =
  'token create --project <project-id> --roles <admin|member|reader>[,…] [--user <user-id>] [--description <text>] [--expires-in-days <n>]';

/** `token create`: stores a new API token (hashed) and returns the secret, shown only this once. */
export async function tokenCreate(args: string[], prisma: PrismaService): Promise<string> {
  const { values } = parseArgs({
    args,
    options: {
      project: { type: 'string' },
      roles: { type: 'string' },
      user: { type: 'string' },
      description: { type: 'string' },
      'expires-in-days': { type: 'string' },
    },
    strict: true,
  });
  if (!values.project || !values.roles) throw new Error(`usage: ${TOKEN_CREATE_USAGE}`);
  const roles = values.roles.split(',').map((role) => role.trim().toLowerCase());
  const unknown = roles.filter((role) => !ROLES.includes(role));
  if (unknown.length) throw new Error(`unknown role(s) ${unknown.join(', ')}; roles are ${ROLES.join(', ')}`);
  let expiresAt: Date | undefined;
  if (values['expires-in-days'] !== undefined) {
    const days = Number(values['expires-in-days']);
    if (!Number.isInteger(days) || days < 1) throw new Error('--expires-in-days must be a positive integer');
    expiresAt = new Date(Date.now() + days * 86_400_000);
  }
  const issued = await operatorServices(prisma).tokens.issue(
    { projectId: values.project, userId: values.user ?? `${values.project}-cli`, roles },
    values.description,
    expiresAt,
  );
  return issued.token;
}
