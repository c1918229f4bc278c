import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TsigKey } from '@zonewarden/dns';

/** TSIG errors (RFC 8945), which knsupdate prints in place of the rcode (NOTAUTH). */
const TSIG_ERRORS = new Set(['BADKEY', 'BADSIG', 'BADTIME']);

export interface UpdateOutcome {
  /** The answer's rcode (NOERROR when the client succeeded), or `no answer`. */
  rcode: string;
  /** The TSIG error the client reports, if any. */
  tsigError?: string;
  output: string;
}

export interface UpdateClient {
  name: 'nsupdate' | 'knsupdate';
  /** Sends `lines` (the statements between `zone` and `send`) to the server, signed with `key` when given. */
  send(lines: string[], key?: TsigKey, options?: { tcp?: boolean }): Promise<UpdateOutcome>;
}

/**
 * `nsupdate` (BIND 9, the key from a key file: `-k`) and `knsupdate` (Knot, the key on the command line: `-y`),
 * each run with a script: `server`, `zone`, the given statements, `send`.
 */
export function updateClients(port: number, zone: string): UpdateClient[] {
  const script = (lines: string[]) =>
    [`server 127.0.0.1 ${port}`, `zone ${zone}`, ...lines, 'send', ''].join('\n');
  return [
    {
      name: 'nsupdate',
      send: (lines, key, options = {}) =>
        withTempDir(async (dir) => {
          const args = options.tcp ? ['-v', '-t', '10'] : ['-t', '10'];
          if (key) {
            const keyFile = path.join(dir, 'update.key');
            fs.writeFileSync(
              keyFile,
              `key "${key.name}" { algorithm ${key.algorithm}; secret "${key.secret}"; };\n`,
            );
            args.push('-k', keyFile);
          }
          return run('nsupdate', args, script(lines));
        }),
    },
    {
      name: 'knsupdate',
      send: (lines, key, options = {}) => {
        const args = options.tcp ? ['-v', '-t', '10'] : ['-t', '10'];
        if (key) args.push('-y', `${key.algorithm}:${key.name}:${key.secret}`);
        return run('knsupdate', args, script(lines));
      },
    },
  ];
}

async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-nsupdate-'));
  try {
    return await work(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What a client that failed reports: nsupdate `update failed: NOTAUTH(BADSIG)`, knsupdate the answer's header
 * (`status: YXDOMAIN`, or the TSIG error for NOTAUTH).
 */
function failure(output: string): Pick<UpdateOutcome, 'rcode' | 'tsigError'> {
  const nsupdate = /update failed: (\w+)(?:\((\w+)\))?/.exec(output);
  if (nsupdate) return { rcode: nsupdate[1], ...(nsupdate[2] ? { tsigError: nsupdate[2] } : {}) };
  const status = /status: (\w+)/.exec(output)?.[1];
  if (status && TSIG_ERRORS.has(status)) return { rcode: 'NOTAUTH', tsigError: status };
  return { rcode: status ?? 'no answer' };
}

function run(command: string, args: string[], input: string): Promise<UpdateOutcome> {
  return new Promise((resolve) => {
    const child = execFile(command, args, { timeout: 30_000 }, (error, stdout, stderr) => {
      const output = `${stdout}${stderr}`;
      resolve({ ...(error ? failure(output) : { rcode: 'NOERROR' }), output });
    });
    child.stdin!.end(input);
  });
}
