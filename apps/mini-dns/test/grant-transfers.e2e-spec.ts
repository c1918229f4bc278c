import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { querySoa } from '@zonewarden/dns';
import { waitFor } from '@zonewarden/testing';
import { GRANT_KEYS_MISS_RELOAD_MS } from '../src/protocol/grant-keys';
import { Grant, GrantsService } from './support/grants-service';

const run = promisify(execFile);
const READER_SCRIPT = path.join(__dirname, 'support', 'tsig-reader.py');
/** Records the big zone holds beside its SOA and NS: far more than one message of a transfer carries. */
const RECORDS = 10_000;
const BATCH = 1000;

interface ReaderResult {
  rcode?: string;
  messages?: number;
  signed?: number;
  records?: number;
  aa?: boolean;
  answer?: string[];
  error?: string;
  message?: string;
}

/**
 * An external-dns-style reader of a zone with an update grant's key (docs/dns-updates.md): a TSIG-signed
 * AXFR of a 10,000-record zone in many messages, each of them signed and verified by `dig -y` and by
 * dnspython (Debian's python3-dnspython); the grant's `allow_transfer` decides, and a grant's key is no
 * key of another zone. Signed queries (certbot's SOA lookup) get signed answers, an unknown key BADKEY.
 */
describe("AXFR and queries with an update grant's key (dig -y, dnspython)", () => {
  const service = new GrantsService();
  let big: { id: string; name: string };
  let other: { id: string; name: string };
  let reader: Grant;
  let updater: Grant;

  /** dnspython's reader (support/tsig-reader.py) with `grant`'s key. */
  const dnspython = async (mode: string, grant: Grant, name: string, extra: object = {}) => {
    const args = {
      mode,
      host: '127.0.0.1',
      port: service.dnsPort,
      name,
      key: grant.key_name,
      algorithm: grant.algorithm,
      secret: grant.secret,
      ...extra,
    };
    const { stdout } = await run('/usr/bin/python3', [READER_SCRIPT, JSON.stringify(args)], {
      timeout: 120_000,
      maxBuffer: 1 << 20,
    });
    return JSON.parse(stdout) as ReaderResult;
  };

  /** `dig -y` at mini-dns: its stdout whatever the outcome (dig exits 0 on a failed transfer too). */
  const dig = async (grant: Grant, ...args: string[]) => {
    const key = `${grant.algorithm}:${grant.key_name}:${grant.secret}`;
    const { stdout } = await run(
      'dig',
      ['@127.0.0.1', '-p', String(service.dnsPort), '-y', key, '+time=10', '+tries=1', ...args],
      { timeout: 120_000, maxBuffer: 64 << 20 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    return stdout;
  };

  beforeAll(async () => {
    await service.start();
    big = await service.zone('external-dns.test.');
    other = await service.zone('other-zone.test.');
    for (let from = 0; from < RECORDS; from += BATCH)
      await service.call('POST', `/v2/zones/${big.id}/changes`, {
        changes: Array.from({ length: BATCH }, (_, i) => ({
          action: 'CREATE',
          name: `host-${from + i}.${big.name}`,
          type: 'TXT',
          records: [`"owner=external-dns,resource=service/default/app-${from + i}"`],
        })),
      });
    const { serial } = await service.call<{ serial: number }>('GET', `/v2/zones/${big.id}`);
    await waitFor(
      'mini-dns to serve the last batch',
      async () => {
        const soa = await querySoa({ host: '127.0.0.1', port: service.dnsPort }, big.name, 1000);
        return soa.present && soa.serial === serial;
      },
      30_000,
    );
    reader = await service.grant(big.id, { key_name: 'external-dns', names: [], allow_transfer: true });
    updater = await service.grant(big.id, {
      key_name: 'certbot',
      algorithm: 'hmac-sha512',
      names: [{ match: 'subdomain', name: `_acme-challenge.${big.name}` }],
      types: ['TXT'],
    });
  }, 180_000);

  afterAll(() => service.stop());

  it('dig -y transfers the whole zone in many messages, verifying the signature of each', async () => {
    const out = await dig(reader, big.name, 'AXFR');
    const size = /;; XFR size: (\d+) records \(messages (\d+),/.exec(out);
    expect({
      size: size && [Number(size[1]), Number(size[2])],
      failure: /verify|failed/i.exec(out)?.[0],
    }).toEqual({
      // Every TXT, the SOA twice and the apex NS.
      size: [RECORDS + 3, expect.any(Number)],
      failure: undefined,
    });
    expect(Number(size![2])).toBeGreaterThan(10);
    // dig checks each signed message, and BIND accepts up to 99 unsigned between two signed ones; that
    // every message is signed is dnspython's count below. A wrong secret fails dig's verification.
    const forged = await dig(
      { ...reader, secret: Buffer.from('not the secret').toString('base64') },
      big.name,
      'AXFR',
    );
    expect(forged).toMatch(/Transfer failed|tsig|BADSIG/i);
    expect(forged).not.toMatch(/XFR size/);
  }, 120_000);

  it('dnspython verifies every message signed (RFC 8945 §5.3.1), and reads the zone with dns.query.xfr', async () => {
    const byMessage = await dnspython('axfr', reader, big.name);
    expect(byMessage).toEqual({
      rcode: 'NOERROR',
      messages: expect.any(Number),
      signed: byMessage.messages,
      records: RECORDS + 3,
    });
    expect(byMessage.messages).toBeGreaterThan(10);
    // dns.zone keeps the SOA once.
    expect(await dnspython('xfr', reader, big.name)).toEqual({ rcode: 'NOERROR', records: RECORDS + 2 });
  }, 180_000);

  it("refuses the transfer to a grant's key without allow_transfer, and to a key of another zone's grant", async () => {
    expect(await dnspython('axfr', updater, big.name)).toMatchObject({ rcode: 'REFUSED', signed: 1 });
    // The grant's own key, on another zone: no key there (BADKEY, an unsigned NOTAUTH), as dnspython says.
    expect(await dnspython('axfr', reader, other.name)).toMatchObject({ error: 'PeerBadKey' });
    // There a grant of the same key name may transfer, with its own secret: ours does not verify (BADSIG);
    // the zone's grants are read again for a key they lack (unless read in the last 0.1 s, as just now).
    await service.grant(other.id, { key_name: 'external-dns', names: [], allow_transfer: true });
    await new Promise((resolve) => setTimeout(resolve, GRANT_KEYS_MISS_RELOAD_MS));
    expect(await dnspython('axfr', reader, other.name)).toMatchObject({ error: 'PeerBadSignature' });
    // Allowed once the grant says so (read from storage for each transfer).
    await service.call('PATCH', `/v2/zones/${big.id}/update_grants/${updater.id}`, { allow_transfer: true });
    expect(await dnspython('axfr', updater, big.name)).toMatchObject({
      rcode: 'NOERROR',
      records: RECORDS + 3,
    });
  }, 180_000);

  it("answers signed queries signed (certbot's SOA lookup), over UDP and TCP, and an unknown key BADKEY", async () => {
    for (const tcp of [false, true]) {
      const apex = await dnspython('query', updater, big.name, { tcp });
      expect(apex).toMatchObject({ rcode: 'NOERROR', aa: true, signed: true });
      expect(apex.answer![0]).toMatch(/ IN SOA /);
      // Below the apex: the name certbot asks first (no such name yet), signed as well.
      const below = await dnspython('query', updater, `_acme-challenge.${big.name}`, { tcp });
      expect(below).toEqual({ rcode: 'NXDOMAIN', aa: true, signed: true, answer: [] });
    }
    const unknown = { ...updater, key_name: 'nobody-knows.' };
    expect(await dnspython('query', unknown, big.name)).toMatchObject({ error: 'PeerBadKey' });
    const soa = await dig(unknown, big.name, 'SOA');
    expect(soa).toMatch(/status: NOTAUTH/);
    expect(soa).toMatch(/BADKEY/);
  }, 60_000);
});
