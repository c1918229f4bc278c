import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ManagedProcess, freePort, startProcess } from './processes';
import { GiveUp, waitFor } from './waiting';

const TEMPLATES = path.resolve(__dirname, '../targets');

function render(template: string, values: Record<string, string | number>): string {
  return fs
    .readFileSync(path.join(TEMPLATES, template), 'utf8')
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

export interface BindServer {
  port: number;
  rndcPort: number;
  keyFile: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

/**
 * BIND 9 (Debian's `named`) in a temp directory, from libs/testing/targets/named.conf, on free loopback ports;
 * `statements` go at the end of named.conf (e.g. `key` statements).
 */
export async function startBind(statements = ''): Promise<BindServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-named-'));
  const [port, rndcPort] = [await freePort(), await freePort()];
  const keyFile = path.join(dir, 'rndc.key');
  execFileSync('rndc-confgen', ['-a', '-k', 'rndc-key', '-c', keyFile]);
  const conf = path.join(dir, 'named.conf');
  fs.writeFileSync(conf, render('named.conf', { DIR: dir, PORT: port, RNDC_PORT: rndcPort }) + statements);
  const named = await startProcess('named', 'named', ['-g', '-u', 'root', '-c', conf], {
    ready: /running/,
  }).catch((error: Error) => {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  return {
    port,
    rndcPort,
    keyFile,
    process: named,
    async stop() {
      await named.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface BindPrimary {
  port: number;
  process: ManagedProcess;
  stop(): Promise<void>;
}

export interface BindPrimaryOptions {
  /** named.conf statements before the zones (e.g. `key` statements). */
  statements?: string;
  /** Options inside every zone statement (e.g. `allow-update { any; }; allow-transfer { key "k"; };`). */
  zoneOptions?: string;
}

/**
 * BIND 9 as an authoritative primary for `zones` (name → zonefile text), from
 * libs/testing/targets/named-primary.conf, on a free loopback port; resolves once every zone is loaded.
 * Each file is checked first (`-i local`: no lookups of out-of-zone names through the system resolver).
 */
export async function startBindPrimary(
  zones: Record<string, string>,
  options: BindPrimaryOptions = {},
): Promise<BindPrimary> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-named-primary-'));
  try {
    const port = await freePort();
    const declarations = Object.entries(zones).map(([name, text], i) => {
      const file = path.join(dir, `zone${i}.db`);
      fs.writeFileSync(file, text);
      execFileSync('named-checkzone', ['-q', '-i', 'local', name, file]);
      return `zone "${name}" { type primary; file "${file}"; ${options.zoneOptions ?? ''} };`;
    });
    if (options.statements) declarations.unshift(options.statements);
    const conf = path.join(dir, 'named.conf');
    fs.writeFileSync(
      conf,
      render('named-primary.conf', { DIR: dir, PORT: port, ZONES: declarations.join('\n') }),
    );
    const named = ManagedProcess.start('named', 'named', ['-g', '-u', 'root', '-c', conf]);
    const stop = async () => {
      await named.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
    const loaded = (zone: string) =>
      named.output.includes(`zone ${zone.replace(/\.$/, '')}/IN: loaded serial`);
    await waitFor(
      'BIND to load every zone',
      () => {
        if (!named.running) throw new GiveUp(`named exited:\n${named.output.slice(-3000)}`);
        return Object.keys(zones).every(loaded);
      },
      60_000,
    ).catch(async (error: Error) => {
      const missing = Object.keys(zones).filter((zone) => !loaded(zone));
      const errors = named.output.split('\n').filter((line) => /error|not loaded/.test(line));
      await stop();
      throw new Error(`${error.message}; not loaded: ${missing.join(', ')}\n${errors.join('\n')}`);
    });
    return { port, process: named, stop };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

export interface BindResolver {
  port: number;
  process: ManagedProcess;
  stop(): Promise<void>;
}

/**
 * BIND 9 as a validating resolver on a free loopback port (libs/testing/targets/named-resolver.conf): it
 * forwards `zone` to the server on `forwardPort` and validates its answers from `trustAnchor`, the zone's
 * KSK as DNSKEY rdata (`257 3 13 <base64>`), caching them for their TTLs.
 */
export async function startBindResolver(
  zone: string,
  forwardPort: number,
  trustAnchor: string,
): Promise<BindResolver> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-named-resolver-'));
  try {
    const port = await freePort();
    const [flags, protocol, algorithm, ...publicKey] = trustAnchor.split(' ');
    const conf = path.join(dir, 'named.conf');
    fs.writeFileSync(
      conf,
      render('named-resolver.conf', {
        DIR: dir,
        PORT: port,
        ZONE: zone,
        FORWARD_PORT: forwardPort,
        ANCHOR: `${flags} ${protocol} ${algorithm} "${publicKey.join('')}"`,
      }),
    );
    const named = await startProcess('named resolver', 'named', ['-g', '-u', 'root', '-c', conf], {
      ready: /running/,
    });
    return {
      port,
      process: named,
      async stop() {
        await named.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

export interface PowerDnsServer {
  port: number;
  apiPort: number;
  apiKey: string;
  process: ManagedProcess;
  /** Stops the server, keeping its data and ports for `start`. */
  pause(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** PowerDNS Authoritative with the sqlite3 backend in a temp directory, from libs/testing/targets/pdns.conf. */
export async function startPowerDns(): Promise<PowerDnsServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-pdns-'));
  const [port, apiPort] = [await freePort(), await freePort()];
  const apiKey = `test-${process.pid}-${Date.now()}`;
  execFileSync('sqlite3', [path.join(dir, 'pdns.sqlite3')], {
    input: fs.readFileSync('/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql'),
  });
  fs.writeFileSync(
    path.join(dir, 'pdns.conf'),
    render('pdns.conf', { DIR: dir, PORT: port, API_PORT: apiPort, API_KEY: apiKey }),
  );
  const server: PowerDnsServer = {
    port,
    apiPort,
    apiKey,
    process: undefined as unknown as ManagedProcess,
    async start() {
      const pdns = ManagedProcess.start('pdns_server', 'pdns_server', [`--config-dir=${dir}`]);
      server.process = pdns;
      await waitFor('the PowerDNS API', async () => {
        if (!pdns.running) throw new GiveUp(`pdns_server exited:\n${pdns.output}`);
        const servers = `http://127.0.0.1:${apiPort}/api/v1/servers`;
        return (await fetch(servers, { headers: { 'X-API-Key': apiKey }, signal: AbortSignal.timeout(2000) }))
          .ok;
      }).catch(async (error: Error) => {
        await pdns.stop('SIGKILL');
        throw error;
      });
    },
    async pause() {
      await server.process.stop();
    },
    async stop() {
      await server.process.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start().catch((error: Error) => {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  return server;
}

/** A pools file (POOLS_FILE) holding `pools`, in a directory of its own; its path. JSON, which YAML reads. */
export function writePoolsFile(pools: object[]): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zw-pools-')), 'pools.yaml');
  fs.writeFileSync(file, JSON.stringify(pools, null, 2));
  return file;
}

/** A pools-file target that drives `bind` over rndc. */
export function bindTarget(bind: BindServer) {
  return {
    type: 'bind9',
    options: {
      rndc_host: '127.0.0.1',
      rndc_port: bind.rndcPort,
      rndc_key_file: bind.keyFile,
      dns_host: '127.0.0.1',
      dns_port: bind.port,
    },
  };
}

/** A pools-file target that drives `pdns` over its HTTP API. */
export function powerDnsTarget(pdns: PowerDnsServer) {
  return { type: 'powerdns', options: { api_url: `http://127.0.0.1:${pdns.apiPort}`, api_key: pdns.apiKey } };
}

/**
 * The `nameservers` and `targets` of a pools-file entry that pushes to every target kind: the builtin
 * mini-dns on `miniDnsPort`, and BIND and PowerDNS as its secondaries.
 */
export function everyTargetKind(miniDnsPort: number, bind: BindServer, pdns: PowerDnsServer) {
  return {
    nameservers: [
      { host: '127.0.0.1', port: miniDnsPort },
      { host: '127.0.0.1', port: bind.port },
      { host: '127.0.0.1', port: pdns.port },
    ],
    targets: [{ type: 'builtin' }, bindTarget(bind), powerDnsTarget(pdns)],
  };
}
