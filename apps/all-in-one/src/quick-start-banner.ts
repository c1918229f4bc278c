import { DEV_PROJECT } from './dev-admin-token';

export interface Endpoints {
  apiUrl: string;
  /** AUTH_STRATEGY: `token` comes with the development token, `keystone` and `noauth` without. */
  authStrategy: string;
  token?: string;
  dnsHost: string;
  dnsPort: number;
  databaseUrl: string;
  dataDir?: string;
}

/** What `npm start` prints once everything answers: where things are, and a first zone to try. */
export function quickStartBanner({
  apiUrl,
  authStrategy,
  token,
  dnsHost,
  dnsPort,
  databaseUrl,
  dataDir,
}: Endpoints): string {
  const auth = token
    ? ` -H 'X-Auth-Token: ${token}'`
    : authStrategy === 'keystone'
      ? ` -H "X-Auth-Token: $(openstack token issue -f value -c id)"`
      : ` -H 'X-Auth-Project-ID: ${DEV_PROJECT}'`;
  const lines = [
    'Zonewarden is running (all apps in one process).',
    `  Console:   ${apiUrl}/console/${token ? ' (sign in with the token below)' : ''}`,
    `  API:       ${apiUrl}/v2 (OpenAPI at ${apiUrl}/docs)`,
    token
      ? `  Token:     ${token}  (development admin token, X-Auth-Token)`
      : `  Auth:      ${authStrategy}${authStrategy === 'keystone' ? ' (X-Auth-Token: a Keystone token)' : ''}`,
    `  DNS:       ${dnsHost} port ${dnsPort} (UDP and TCP)`,
    `  Database:  ${redactPassword(databaseUrl)}${dataDir ? ` (data in ${dataDir})` : ''}`,
    '',
    'Try it:',
    `  curl -s${auth} -H 'Content-Type: application/json' -d '{"name": "example.org.", "email": "hostmaster@example.org"}' ${apiUrl}/v2/zones`,
    `  dig @${dnsHost} -p ${dnsPort} example.org SOA +short`,
    '',
    'Ctrl-C stops it; the data stays for the next start.',
  ];
  return lines.join('\n');
}

function redactPassword(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
