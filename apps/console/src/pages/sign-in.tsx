import { useEffect, useState } from 'preact/hooks';
import { signIn } from '../session';
import type { Session } from '../types';
import { ErrorNote, Field, useAction } from '../ui';

interface SignInField {
  name: string;
  label: string;
  type?: 'password';
  autoComplete?: string;
  hint?: string;
  required?: boolean;
}

/** The fields of each strategy's sign-in. */
const FIELDS: Record<Session['strategy'], SignInField[]> = {
  token: [
    {
      name: 'token',
      label: 'API token',
      type: 'password',
      autoComplete: 'current-password',
      hint: 'An X-Auth-Token: `npm start` prints a development token; `zonewarden token create` makes one.',
      required: true,
    },
  ],
  keystone: [
    { name: 'username', label: 'User name', autoComplete: 'username', required: true },
    {
      name: 'password',
      label: 'Password',
      type: 'password',
      autoComplete: 'current-password',
      required: true,
    },
    { name: 'project', label: 'Project', required: true },
    { name: 'domain', label: 'Domain' },
  ],
  noauth: [
    { name: 'project_id', label: 'Project id', hint: 'Default: noauth-project' },
    { name: 'roles', label: 'Roles', hint: 'Comma-separated: admin, member, reader' },
  ],
};

interface Props {
  strategy: Session['strategy'];
  /** The session ended (its token expired): say so above the form. */
  ended: boolean;
  onSignedIn: (session: Session) => void;
}

/**
 * The sign-in for the gateway's AUTH_STRATEGY: an API token; Keystone's user, password, project and
 * domain (the gateway asks Keystone, never the browser); noauth's project and roles (development).
 */
export function SignInPage({ strategy, ended, onSignedIn }: Props) {
  const [fields, setFields] = useState<Record<string, string>>({ domain: 'Default', roles: 'admin' });
  const set = (name: string) => (value: string) => setFields((before) => ({ ...before, [name]: value }));
  const action = useAction(signIn);
  useEffect(() => {
    document.title = 'Sign in · Zonewarden';
  }, []);

  const submit = async (event: Event) => {
    event.preventDefault();
    const body =
      strategy === 'token'
        ? { token: fields.token ?? '' }
        : strategy === 'keystone'
          ? {
              username: fields.username,
              password: fields.password,
              project: fields.project,
              domain: fields.domain,
            }
          : {
              project_id: fields.project_id,
              roles: (fields.roles ?? '')
                .split(',')
                .map((role) => role.trim())
                .filter(Boolean),
            };
    const session = await action.run(body);
    if (session) onSignedIn(session);
  };

  return (
    <main id="main" class="sign-in">
      <h1>Sign in to Zonewarden</h1>
      {ended && (
        <p class="notice" role="status">
          Your session ended. Sign in again to go on.
        </p>
      )}
      <form onSubmit={submit} aria-label="Sign in">
        {strategy === 'noauth' && (
          <p class="notice">
            This gateway trusts whoever calls it (AUTH_STRATEGY=noauth): for development only.
          </p>
        )}
        {FIELDS[strategy].map((field) => (
          <Field
            key={field.name}
            {...field}
            value={fields[field.name] ?? ''}
            onValue={set(field.name)}
            error={action.problem(field.name)}
          />
        ))}
        <ErrorNote error={action.error} />
        <button type="submit" class="primary" disabled={action.busy}>
          {action.busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
