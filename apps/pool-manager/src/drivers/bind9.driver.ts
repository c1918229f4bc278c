import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { sendNotify } from '@zonewarden/dns';
import { DriverFactory, parseOptions } from './target-driver';

const run = promisify(execFile);

class Bind9Options {
  @IsString()
  rndc_host = '127.0.0.1';

  @IsInt()
  @Min(1)
  @Max(65535)
  rndc_port = 953;

  /** rndc key file (`key "…" { algorithm …; secret "…"; };`). */
  @IsOptional()
  @IsString()
  rndc_key_file?: string;

  @IsString()
  rndc_binary = 'rndc';

  /** BIND's DNS address, sent a NOTIFY after each change. */
  @IsString()
  dns_host = '127.0.0.1';

  @IsInt()
  @Min(1)
  @Max(65535)
  dns_port = 53;
}

/** Whether BIND's rendering of a zone (`rndc showzone`) holds `clause`, quotes and spacing aside. */
function sameText(shown: string, clause: string): boolean {
  const plain = (text: string) => text.replace(/"/g, '').replace(/\s+/g, ' ').toLowerCase();
  return plain(shown).includes(plain(clause));
}

/**
 * BIND 9 as a secondary of the builtin DNS server: `rndc addzone` (needs `allow-new-zones yes;`),
 * NOTIFY and `rndc refresh` so it transfers at once, `rndc delzone` to remove. With a TSIG key the
 * primaries carry `key "<name>"` (BIND signs its SOA queries and transfers with it; the key statement
 * itself must be in named.conf, since rndc cannot add keys), and the NOTIFY is signed; a zone added
 * with other primaries is changed with `rndc modzone`.
 */
export const bind9Driver: DriverFactory = (raw, context) => {
  const options = parseOptions(Bind9Options, raw, 'bind9');
  const rndc = async (...args: string[]): Promise<string> => {
    const base = ['-s', options.rndc_host, '-p', String(options.rndc_port)];
    if (options.rndc_key_file) base.push('-k', options.rndc_key_file);
    try {
      const { stdout, stderr } = await run(options.rndc_binary, [...base, ...args], { timeout: 10_000 });
      return `${stdout}${stderr}`;
    } catch (error) {
      const failure = error as { stdout?: string; stderr?: string; message: string };
      throw new Error(`rndc ${args[0]}: ${(failure.stderr || failure.stdout || failure.message).trim()}`);
    }
  };
  const bare = (zoneName: string) => zoneName.replace(/\.$/, '');
  return {
    async ensure(zoneName, key) {
      const signedBy = key ? ` key "${key.name}"` : '';
      const primaries = context.primaries.map((p) => `${p.host} port ${p.port}${signedBy};`).join(' ');
      const clause = `primaries { ${primaries} };`;
      const stanza = `{ type secondary; ${clause} file "${bare(zoneName)}.db"; };`;
      try {
        await rndc('addzone', bare(zoneName), stanza);
      } catch (error) {
        if (!/already exists/.test((error as Error).message)) throw error;
        // Added before its key (or pool key) changed: its primaries follow.
        if (!sameText(await rndc('showzone', bare(zoneName)), clause))
          await rndc('modzone', bare(zoneName), stanza);
      }
      await rndc('refresh', bare(zoneName));
      await sendNotify({ host: options.dns_host, port: options.dns_port }, zoneName, 1000, key).catch(
        () => undefined,
      );
    },
    async remove(zoneName) {
      try {
        await rndc('delzone', '-clean', bare(zoneName));
      } catch (error) {
        if (!/not found/.test((error as Error).message)) throw error;
      }
    },
  };
};
