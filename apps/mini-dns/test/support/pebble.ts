import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { ManagedProcess, freePort, startProcess } from '@zonewarden/testing';

const run = promisify(execFile);

export interface Pebble {
  process: ManagedProcess;
  /** The ACME directory URL (https, loopback). */
  directory: string;
  /** The CA certificate its HTTPS listener's certificate is issued by: clients trust it (not the ACME CA). */
  caFile: string;
  /** Stops pebble (by its PID) and removes its files. */
  stop(): Promise<void>;
}

/** A CA and a certificate for 127.0.0.1 issued by it, for pebble's HTTPS listener (Debian ships none). */
async function listenerCertificate(dir: string): Promise<{ ca: string; cert: string; key: string }> {
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => run('openssl', args, { timeout: 30_000 });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  await openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=zonewarden test CA',
  );
  fs.writeFileSync(
    file('leaf.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
  );
  await openssl('req', ...ec, '-keyout', file('key.pem'), '-out', file('leaf.csr'), '-subj', '/CN=localhost');
  await openssl(
    'x509',
    '-req',
    '-in',
    file('leaf.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('cert.pem'),
    '-days',
    '2',
    '-extfile',
    file('leaf.ext'),
  );
  return { ca: file('ca.pem'), cert: file('cert.pem'), key: file('key.pem') };
}

/**
 * pebble (Debian's `pebble`, Let's Encrypt's ACME test server) on loopback ports of its own, validating
 * DNS-01 challenges by asking `dnsServer` (host:port), at once (PEBBLE_VA_NOSLEEP) and for real
 * (PEBBLE_VA_ALWAYS_VALID unset); every nonce good (PEBBLE_WFE_NONCEREJECT=0), so that a run does not
 * depend on a client's retries. Its files in a temporary directory, removed when it stops.
 */
export async function startPebble(dnsServer: string): Promise<Pebble> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-pebble-'));
  try {
    const { ca, cert, key } = await listenerCertificate(dir);
    const port = await freePort();
    const config = path.join(dir, 'pebble-config.json');
    fs.writeFileSync(
      config,
      JSON.stringify({
        pebble: {
          listenAddress: `127.0.0.1:${port}`,
          managementListenAddress: `127.0.0.1:${await freePort()}`,
          certificate: cert,
          privateKey: key,
          // HTTP-01 and TLS-ALPN-01 validation ports (unused here: DNS-01 only).
          httpPort: await freePort(),
          tlsPort: await freePort(),
          ocspResponderURL: '',
          externalAccountBindingRequired: false,
        },
      }),
    );
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      PEBBLE_VA_NOSLEEP: '1',
      PEBBLE_WFE_NONCEREJECT: '0',
    };
    const pebble = await startProcess('pebble', 'pebble', ['-config', config, '-dnsserver', dnsServer], {
      env,
      ready: /ACME directory available at/,
      timeoutMs: 30_000,
    });
    return {
      process: pebble,
      directory: `https://127.0.0.1:${port}/dir`,
      caFile: ca,
      async stop() {
        await pebble.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
