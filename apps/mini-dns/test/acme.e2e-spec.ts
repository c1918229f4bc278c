import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, teardown, waitFor } from '@zonewarden/testing';
import { Grant, GrantsService } from './support/grants-service';
import { Pebble, startPebble } from './support/pebble';

const run = promisify(execFile);
const ZONE = 'acme-e2e.test.';
const DOMAIN = ZONE.slice(0, -1);
const CHALLENGE = `_acme-challenge.${ZONE}`;
/** What certbot waits after its updates before asking pebble to validate (--dns-rfc2136-propagation-seconds). */
const CERTBOT_PROPAGATION_SECONDS = 2;
/** A client's whole run: registration, two challenges, issuance, clean-up. */
const CLIENT_TIMEOUT_MS = 180_000;

/** A client run: its output whatever the outcome, to explain a failure. */
async function client(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string) {
  return run(command, args, { env, cwd, timeout: CLIENT_TIMEOUT_MS, maxBuffer: 16 << 20 }).then(
    ({ stdout, stderr }) => ({ ok: true, output: `${stdout}\n${stderr}` }),
    (error: { stdout?: string; stderr?: string; message: string }) => ({
      ok: false,
      output: `${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`,
    }),
  );
}

/** The README's sh block of "Certificates with ACME DNS-01" that begins with `start`. */
function readmeExample(start: string): string {
  const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Certificates with ACME DNS-01'));
  const blocks = [...section.slice(0, section.indexOf('\n## ', 3)).matchAll(/```sh\n([^]*?)```/g)];
  const block = blocks.map((match) => match[1]).find((text) => text.startsWith(start));
  if (!block) throw new Error(`the README has no example beginning with ${start}`);
  return block;
}

/** The DNS names a PEM certificate (the first of a chain) is for, and its issuer. */
function certificateOf(file: string): { names: string[]; issuer: string } {
  const certificate = new X509Certificate(fs.readFileSync(file));
  const names = (certificate.subjectAltName ?? '').split(', ').map((name) => name.replace(/^DNS:/, ''));
  return { names: names.sort(), issuer: certificate.issuer };
}

/**
 * ACME DNS-01 end to end (docs/dns-updates.md, README "Certificates with ACME DNS-01"): pebble, Let's
 * Encrypt's test CA, validates against mini-dns; certbot with certbot-dns-rfc2136 and lego's rfc2136
 * provider each obtain a certificate for a name and its wildcard in a Zonewarden zone, through RFC 2136
 * updates signed with an update grant's key limited to `_acme-challenge` TXT records; the challenge
 * records are gone afterwards.
 */
describe('ACME DNS-01 certificates with an update grant (pebble, certbot, lego)', () => {
  const service = new GrantsService();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-acme-'));
  let pebble: Pebble;
  let zone: { id: string; name: string };
  let grant: Grant;

  /** No `_acme-challenge` record left in the API (a deleted record set leaves once propagated). */
  const challengeRecordsGone = () =>
    waitFor(
      'the challenge records to be gone',
      async () => (await service.records(zone.id, 'TXT')).every((record) => !record.startsWith(CHALLENGE)),
      30_000,
    );
  const dig = async (...args: string[]) =>
    (
      await run('dig', ['@127.0.0.1', '-p', String(service.dnsPort), '+time=2', '+tries=1', ...args], {
        timeout: 10_000,
      })
    ).stdout;

  /**
   * The client's run ended well, its certificate (PEM) is pebble's for the name and its wildcard, and the
   * challenge records are gone.
   */
  const expectIssued = async (outcome: { ok: boolean; output: string }, certificate: string) => {
    const failure = outcome.ok ? '' : `${outcome.output}\n--- pebble ---\n${pebble.process.output}`;
    expect({ ok: outcome.ok, failure }).toEqual({ ok: true, failure: '' });
    expect(certificateOf(certificate)).toEqual({
      names: [`*.${DOMAIN}`, DOMAIN],
      issuer: expect.stringContaining('Pebble Intermediate CA'),
    });
    await challengeRecordsGone();
  };

  beforeAll(async () => {
    // pool-manager too: a record set deleted leaves the API once every target dropped it.
    await service.start({ MINIDNS_CATCH_UP_INTERVAL_MS: '500' }, ['pool-manager']);
    zone = await service.zone(ZONE);
    grant = await service.grant(zone.id, {
      key_name: 'acme-key',
      names: [{ match: 'name', name: CHALLENGE }],
      types: ['TXT'],
      description: 'certbot and lego',
    });
    pebble = await startPebble(`127.0.0.1:${service.dnsPort}`);
  }, 120_000);

  afterAll(() =>
    teardown(
      () => pebble?.stop(),
      () => service.stop(),
      () => fs.rmSync(dir, { recursive: true, force: true }),
    ),
  );

  it('serves an update’s TXT record well within the time certbot waits before validation', async () => {
    const script = [
      `server 127.0.0.1 ${service.dnsPort}`,
      `zone ${ZONE}`,
      `update add ${CHALLENGE} 60 TXT "probe"`,
      'send',
      '',
    ].join('\n');
    const key = `hmac-sha256:${grant.key_name}:${grant.secret}`;
    const nsupdate = (input: string) => {
      const child = execFile('nsupdate', ['-y', key], { timeout: 20_000 });
      child.stdin!.end(input);
      return new Promise<number | null>((resolve) => child.once('exit', resolve));
    };
    expect(await nsupdate(script)).toBe(0);
    const answered = Date.now();
    await waitFor(
      'mini-dns to serve the TXT record',
      async () => /"probe"/.test(await dig(CHALLENGE, 'TXT')),
      10_000,
    );
    const visibleAfterMs = Date.now() - answered;
    expect(visibleAfterMs).toBeLessThan(CERTBOT_PROPAGATION_SECONDS * 1000);
    expect(await nsupdate(script.replace('update add', 'update delete'))).toBe(0);
    await challengeRecordsGone();
  }, 60_000);

  it("runs the README's nsupdate example as written (but for the server, the zone and the secret)", async () => {
    const example = readmeExample('nsupdate -y')
      .replaceAll('192.0.2.53 53', `127.0.0.1 ${service.dnsPort}`)
      .replaceAll('@192.0.2.53 ', `@127.0.0.1 -p ${service.dnsPort} `)
      .replaceAll('example.org', DOMAIN);
    const { stdout } = await run('bash', ['-c', `set -eo pipefail\n${example}`], {
      cwd: dir,
      env: { PATH: process.env.PATH, SECRET: grant.secret },
      timeout: 60_000,
    });
    expect(stdout.trim()).toBe('"token-from-the-ca"');
    await challengeRecordsGone();
  }, 90_000);

  it(
    'certbot (certbot-dns-rfc2136) obtains a certificate for a name and its wildcard',
    async () => {
      const credentials = path.join(dir, 'rfc2136.ini');
      fs.writeFileSync(
        credentials,
        [
          'dns_rfc2136_server = 127.0.0.1',
          `dns_rfc2136_port = ${service.dnsPort}`,
          `dns_rfc2136_name = ${grant.key_name}`,
          `dns_rfc2136_secret = ${grant.secret}`,
          'dns_rfc2136_algorithm = HMAC-SHA256',
          '',
        ].join('\n'),
        { mode: 0o600 },
      );
      const workDir = path.join(dir, 'certbot');
      fs.mkdirSync(workDir);
      const certbot = await client(
        'certbot',
        [
          'certonly',
          '--non-interactive',
          '--agree-tos',
          '--register-unsafely-without-email',
          '--server',
          pebble.directory,
          ...['--config-dir', 'config', '--work-dir', 'work', '--logs-dir', 'logs'],
          '--dns-rfc2136',
          ...['--dns-rfc2136-credentials', credentials],
          ...['--dns-rfc2136-propagation-seconds', String(CERTBOT_PROPAGATION_SECONDS)],
          ...['--preferred-challenges', 'dns'],
          ...['--cert-name', 'acme-e2e', '-d', DOMAIN, '-d', `*.${DOMAIN}`],
        ],
        { PATH: process.env.PATH, HOME: dir, REQUESTS_CA_BUNDLE: pebble.caFile },
        workDir,
      );
      // certbot removed both challenge values, and with them the record set.
      await expectIssued(certbot, path.join(workDir, 'config', 'live', 'acme-e2e', 'fullchain.pem'));
    },
    CLIENT_TIMEOUT_MS + 30_000,
  );

  it(
    'lego (rfc2136) obtains a certificate for a name and its wildcard',
    async () => {
      const lego = await client(
        'lego',
        [
          ...['--server', pebble.directory, '--accept-tos', '--email', `acme@${DOMAIN}`],
          ...['--path', path.join(dir, 'lego'), '--dns', 'rfc2136'],
          // Where lego finds the zone (an SOA query); the zone's NS hosts are no servers of this test.
          ...['--dns.resolvers', `127.0.0.1:${service.dnsPort}`, '--dns.disable-cp'],
          ...['-d', DOMAIN, '-d', `*.${DOMAIN}`, 'run'],
        ],
        {
          PATH: process.env.PATH,
          HOME: dir,
          LEGO_CA_CERTIFICATES: pebble.caFile,
          RFC2136_NAMESERVER: `127.0.0.1:${service.dnsPort}`,
          RFC2136_TSIG_KEY: grant.key_name,
          RFC2136_TSIG_SECRET: grant.secret,
          RFC2136_TSIG_ALGORITHM: 'hmac-sha256.',
          RFC2136_PROPAGATION_TIMEOUT: '30',
          RFC2136_POLLING_INTERVAL: '1',
          // lego solves rfc2136 challenges one after another, this long apart (60 s by default).
          RFC2136_SEQUENCE_INTERVAL: '1',
        },
        dir,
      );
      await expectIssued(lego, path.join(dir, 'lego', 'certificates', `${DOMAIN}.crt`));
    },
    CLIENT_TIMEOUT_MS + 30_000,
  );
});
