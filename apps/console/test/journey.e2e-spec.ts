/// <reference lib="dom" />
import * as fs from 'node:fs';
import { waitFor } from '@zonewarden/testing';
import type { Locator, Page } from 'playwright-core';
import { checkPage as check, signIn as signInWith } from './support/browser';
import { ConsoleService, callApi } from './support/service';
import { consoleSuite } from './support/suite';

/**
 * A user's journey through the web console in Debian's chromium, against the whole service (every app in
 * one process on a database of its own, token auth): each test goes on from the one before. Every page
 * visited is screenshotted (apps/console/test-artifacts) and scanned by axe-core: no serious or critical
 * violation; nothing in the browser's console.
 */

const ZONE = 'journey.example.org.';
const HOSTILE = '<img src=x onerror=alert(1)>';
/** A 2048-bit DKIM key's TXT value: over 255 characters, so two strings. */
const DKIM = `v=DKIM1; k=rsa; p=${'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'.repeat(9)}IDAQAB`;

interface ZoneBody {
  id: string;
  serial: number;
  action: string;
  status: string;
}

describe('the web console: a user journey', () => {
  const suite = consoleSuite();
  let service: ConsoleService;
  let page: Page;
  let zoneId: string;
  let secondToken: string;

  const consoleUrl = () => suite.url();
  const adminApi = <T>(path: string, init?: Parameters<typeof callApi>[3]) =>
    callApi<T>(service, service.adminToken, path, init);

  const checkPage = (name: string) => check(page, name);
  const signIn = (token: string) => signInWith(page, consoleUrl(), token);

  const tab = (name: string) =>
    page.getByRole('navigation', { name: 'Zone' }).getByRole('link', { name, exact: true }).click();
  const zoneStatus = () => page.locator('.facts .status');
  const addForm = (): Locator => page.getByRole('form', { name: 'Add a record set' });

  async function addRecordSet(name: string, type: string, fields: Record<string, string>): Promise<void> {
    const form = addForm();
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Type', { exact: true }).selectOption(type);
    for (const [label, value] of Object.entries(fields))
      await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Add record set' }).click();
    const owner = name === '@' ? '@' : name;
    await page
      .locator(`tr[data-type="${type}"]`)
      .filter({ has: page.getByRole('rowheader', { name: owner, exact: true }) })
      .waitFor();
  }

  async function zoneBody(): Promise<ZoneBody> {
    return adminApi<ZoneBody>(`/v2/zones/${zoneId}`);
  }

  async function recordsOf(name: string, type: string, token = service.adminToken): Promise<string[]> {
    const body = await callApi<{ recordsets: { records: string[] }[] }>(
      service,
      token,
      `/v2/zones/${zoneId}/recordsets?name=${encodeURIComponent(name)}&type=${type}`,
    );
    return body.recordsets.flatMap((set) => set.records);
  }

  beforeAll(async () => {
    service = suite.service;
    secondToken = await service.token('journey-two', ['member']);
    ({ page } = await suite.newPage());
  });

  it('is served at /console/ with a CSP that allows no inline script, and ≤ 150 KB of compressed JavaScript', async () => {
    const res = await fetch(consoleUrl(), { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    const html = await res.text();
    const scripts = [...html.matchAll(/src="(\/console\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/);
    expect(html).not.toMatch(/https?:\/\//);
    let compressed = 0;
    for (const script of scripts) {
      const asset = await fetch(`${service.api}${script}`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(asset.headers.get('content-encoding')).toBe('gzip');
      expect(asset.headers.get('cache-control')).toContain('immutable');
      // fetch decompresses: the compressed size is the body gzipped again at the same level.
      compressed += require('node:zlib').gzipSync(Buffer.from(await asset.arrayBuffer())).length;
    }
    expect(compressed).toBeLessThanOrEqual(150 * 1024);
  });

  it('signs in with an API token (a wrong one is refused with the API’s message and request id)', async () => {
    await page.goto(consoleUrl());
    await page.getByRole('heading', { name: 'Sign in to Zonewarden' }).waitFor();
    await checkPage('01-sign-in');
    await page.getByLabel('API token').fill('zw_not-a-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('The credentials were refused').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/Request id: req-[0-9a-f-]+/);
    await page.getByLabel('API token').fill(service.adminToken);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Zones', exact: true }).waitFor();
    // The session is an HttpOnly cookie: the page's scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const [cookie] = await page.context().cookies();
    expect(cookie).toMatchObject({ name: 'zw_session', httpOnly: true, sameSite: 'Strict' });
    await checkPage('02-zones-empty');
  });

  it('creates a zone: the API’s validation message shows at the field, then the zone opens', async () => {
    const form = page.getByRole('form', { name: 'Create a zone' });
    await form.getByLabel('Zone name').fill('journey example');
    await form.getByLabel('Email').fill('hostmaster@example.org');
    await form.getByRole('button', { name: 'Create zone' }).click();
    const nameField = form.getByLabel('Zone name');
    await waitFor(
      'the name field marked invalid',
      async () => (await nameField.getAttribute('aria-invalid')) === 'true',
      10_000,
    );
    expect(await form.locator('.field-error').first().textContent()).toContain('does not end with a dot');
    await checkPage('03-create-zone-error');
    await nameField.fill(ZONE);
    await form.getByLabel('Description').fill(HOSTILE);
    await form.getByRole('button', { name: 'Create zone' }).click();
    await page.getByRole('heading', { name: ZONE }).waitFor();
    zoneId = decodeURIComponent(/#\/zones\/([^/]+)/.exec(page.url())![1]);
    // The hostile description is text on the page, never markup.
    expect(await page.locator('.facts .description').textContent()).toBe(HOSTILE);
    expect(await page.locator('img').count()).toBe(0);
  });

  it('adds A, AAAA, MX, TXT (a long DKIM value), CNAME, SRV and CAA with the form of each type', async () => {
    await addRecordSet('www', 'A', { 'IPv4 address': '192.0.2.10' });
    await addRecordSet('www', 'AAAA', { 'IPv6 address': '2001:db8::10' });
    await addRecordSet('@', 'MX', { Priority: '10', 'Mail server': `mail.${ZONE}` });
    await addRecordSet('selector._domainkey', 'TXT', { Text: DKIM });
    await addRecordSet('ftp', 'CNAME', { 'Canonical name': `www.${ZONE}` });
    await addRecordSet('_sip._tcp', 'SRV', {
      Priority: '10',
      Weight: '60',
      Port: '5060',
      Target: `sip.${ZONE}`,
    });
    await addRecordSet('@', 'CAA', { Flags: '0', Tag: 'issue', Value: 'letsencrypt.org' });
    await addRecordSet('hostile', 'TXT', { Text: HOSTILE });
    const dkim = await recordsOf(`selector._domainkey.${ZONE}`, 'TXT');
    expect(dkim).toHaveLength(1);
    expect(
      dkim[0]
        .match(/"[^"]*"/g)!
        .map((part) => part.slice(1, -1))
        .join(''),
    ).toBe(DKIM);
    expect(await recordsOf(`_sip._tcp.${ZONE}`, 'SRV')).toEqual([`10 60 5060 sip.${ZONE}`]);
    expect(await recordsOf(ZONE, 'CAA')).toEqual(['0 issue "letsencrypt.org"']);
    // The hostile TXT is shown as its text.
    await page.getByText(`"${HOSTILE}"`, { exact: true }).waitFor();
    expect(await page.locator('img').count()).toBe(0);
    await checkPage('04-zone-records');
  });

  it('edits a record set with its form', async () => {
    await page.getByRole('button', { name: `Edit www.${ZONE} AAAA` }).click();
    const form = page.getByRole('form', { name: `Edit www.${ZONE} AAAA` });
    await form.getByLabel('IPv6 address').fill('2001:db8::11');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await waitFor(
      'the AAAA to change',
      async () => (await recordsOf(`www.${ZONE}`, 'AAAA'))[0] === '2001:db8::11',
      10_000,
    );
  });

  it('shows the zone ACTIVE once every change is served, and "test a record" answers from mini-dns', async () => {
    await zoneStatus()
      .filter({ hasText: /^ACTIVE$/ })
      .waitFor({ timeout: 30_000 });
    await tab('Test a record');
    const form = page.getByRole('form', { name: 'Test a record' });
    await form.getByLabel('Name').fill('www');
    await form.getByLabel('Type').selectOption('A');
    await form.getByRole('button', { name: 'Test' }).click();
    const answer = page.locator('.answer').filter({ hasText: 'mini-dns' });
    await answer.locator('.records-answer').waitFor();
    expect(await answer.locator('.rcode').textContent()).toBe('NOERROR');
    expect(await answer.locator('.records-answer').textContent()).toBe(`www.${ZONE} 3600 IN A 192.0.2.10`);
    await checkPage('05-test-a-record');
  });

  it('edits the zone as text: three changes, shown first, applied as one batch with one serial bump', async () => {
    const before = await zoneBody();
    const historyBefore = await adminApi<{ changes: unknown[] }>(`/v2/zones/${zoneId}/changes?limit=1000`);
    await tab('Edit as text');
    const editor = page.getByLabel(`Zonefile of ${ZONE}`);
    const text = await editor.inputValue();
    expect(text).toContain('www IN A 192.0.2.10');
    const edited = text
      .replace('www IN A 192.0.2.10', 'www IN A 192.0.2.11')
      .replace(/^ftp IN CNAME .*\n/m, '')
      .concat('new 300 IN A 192.0.2.20\n');
    await editor.fill(edited);
    await page.getByRole('button', { name: 'Show the changes' }).click();
    const plan = page.getByRole('region', { name: 'Changes to apply' });
    await plan.getByRole('heading', { name: /^3 changes/ }).waitFor();
    expect(await plan.locator('.removed').allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`- ftp.${ZONE}`),
        expect.stringContaining('192.0.2.10'),
      ]),
    );
    await checkPage('06-edit-as-text-diff');
    await plan.getByLabel('Comment (kept in the history)').fill('three at once');
    await plan.getByRole('button', { name: 'Apply as one change' }).click();
    await page.getByText(/^Applied as one change: serial \d+ → \d+\.$/).waitFor();
    const history = await adminApi<{
      changes: { previous_serial: number; serial: number; comment: string; rrsets: unknown[] }[];
    }>(`/v2/zones/${zoneId}/changes?limit=1000`);
    expect(history.changes).toHaveLength(historyBefore.changes.length + 1);
    const batch = history.changes.at(-1)!;
    expect(batch).toMatchObject({ previous_serial: before.serial, comment: 'three at once' });
    expect(batch.rrsets).toHaveLength(3);
    expect((await zoneBody()).serial).toBe(batch.serial);
    expect(await recordsOf(`www.${ZONE}`, 'A')).toEqual(['192.0.2.11']);
    // A deleted record set is listed (PENDING, DELETE) until its nameservers no longer serve it.
    await waitFor(
      'the CNAME to be gone',
      async () => (await recordsOf(`ftp.${ZONE}`, 'CNAME')).length === 0,
      15_000,
    );
  });

  it('shows the change in the history with its diff, and reverts it', async () => {
    await tab('History');
    const newest = page.locator('.history > li').first();
    await newest.getByText('three at once').waitFor();
    const diff = await newest.locator('.diff').allTextContents();
    expect(diff.join('\n')).toContain(`- www.${ZONE} 3600 IN A 192.0.2.10`);
    expect(diff.join('\n')).toContain(`+ www.${ZONE} 3600 IN A 192.0.2.11`);
    await checkPage('07-history');
    await newest.getByRole('button', { name: 'Revert' }).click();
    await newest.getByRole('button', { name: 'Yes, revert' }).click();
    await waitFor(
      'the revert',
      async () => (await recordsOf(`www.${ZONE}`, 'A'))[0] === '192.0.2.10',
      15_000,
    );
    expect(await recordsOf(`ftp.${ZONE}`, 'CNAME')).toEqual([`www.${ZONE}`]);
    await waitFor(
      'the new A to be gone',
      async () => (await recordsOf(`new.${ZONE}`, 'A')).length === 0,
      15_000,
    );
    await page
      .locator('.history > li')
      .first()
      .locator('.change-head')
      .getByText(/revert/)
      .waitFor();
  });

  it('imports a zonefile: an error shows its line; a correct one creates the zone', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Zones' }).click();
    const form = page.getByRole('form', { name: 'Import a zone' });
    const broken =
      '$ORIGIN imported.example.org.\n$TTL 300\n@ IN SOA ns1 hostmaster 1 7200 900 1209600 300\nwww IN A 999.1.1.1\n';
    await form.getByLabel('Zonefile').fill(broken);
    await form.getByRole('button', { name: 'Import' }).click();
    await form.locator('.error-line').waitFor({ timeout: 30_000 });
    expect(await form.locator('.error-line').textContent()).toBe('Line 4: www IN A 999.1.1.1');
    await checkPage('08-import-error');
    await form.getByLabel('Zonefile').fill(broken.replace('999.1.1.1', '192.0.2.99'));
    await form.getByRole('button', { name: 'Import' }).click();
    await form.getByRole('link', { name: 'Open the imported zone' }).click({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'imported.example.org.' }).waitFor();
    await page.locator('tr[data-type="A"]').getByText('192.0.2.99').waitFor();
  });

  it('exports the zone as a download that is the API’s export', async () => {
    await page.goto(`${consoleUrl()}#/zones/${zoneId}/serving`);
    await page.getByRole('heading', { name: 'Nameservers' }).waitFor();
    await page.getByText('ns1.zonewarden.test.').waitFor();
    // mini-dns serves the zone's serial.
    const serial = (await zoneBody()).serial;
    await page
      .locator('.propagation tr')
      .filter({ hasText: 'mini-dns' })
      .getByText(`serial ${serial} (current)`)
      .waitFor();
    await page.getByRole('button', { name: 'Export as a zonefile' }).click();
    const link = page.getByRole('link', { name: /^Download journey\.example\.org\.zone$/ });
    await link.waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('journey.example.org.zone');
    const downloaded = fs.readFileSync((await download.path())!, 'utf8');
    const task = await adminApi<{ id: string }>(`/v2/zones/${zoneId}/tasks/export`, { method: 'POST' });
    await waitFor(
      'the API export',
      async () =>
        (await adminApi<{ status: string }>(`/v2/zones/tasks/exports/${task.id}`)).status === 'COMPLETE',
      30_000,
    );
    const exported = await adminApi<string>(`/v2/zones/tasks/exports/${task.id}/export`, {
      accept: 'text/dns',
    });
    expect(downloaded).toBe(exported);
    expect(downloaded).toContain(`www.${ZONE}`);
    await checkPage('09-nameservers-export');
  });

  it('enables DNSSEC and shows the DS records to copy', async () => {
    await tab('DNSSEC');
    await page.getByRole('button', { name: 'Enable DNSSEC' }).click();
    const ds = page.getByLabel(/^DS \(key \d+, digest type 2\)$/);
    await ds.waitFor({ timeout: 30_000 });
    const api = await adminApi<{ ds_records: { digest_type: number; rdata: string }[] }>(
      `/v2/zones/${zoneId}/dnssec`,
    );
    const sha256 = api.ds_records.find((record) => record.digest_type === 2)!;
    expect(await ds.inputValue()).toBe(`${ZONE} IN DS ${sha256.rdata}`);
    expect(await page.locator('.dnssec-state').textContent()).toBe('enabled');
    await checkPage('10-dnssec');
    const keysBefore = (await adminApi<{ keys: unknown[] }>(`/v2/zones/${zoneId}/dnssec`)).keys.length;
    await page.getByRole('button', { name: 'Roll the ZSK over' }).click();
    await page.getByText(/^ZSK rollover started/).waitFor();
    expect((await adminApi<{ keys: unknown[] }>(`/v2/zones/${zoneId}/dnssec`)).keys.length).toBe(
      keysBefore + 1,
    );
  });

  it('lists, creates and shows once an RFC 2136 update grant', async () => {
    await tab('Update grants');
    const form = page.getByRole('form', { name: 'Create an update grant' });
    await form.getByLabel('Key name').fill('acme-key.');
    await form.getByLabel('Name', { exact: true }).fill(`_acme-challenge.${ZONE}`);
    await form.getByLabel('Types').fill('TXT');
    await form.getByRole('button', { name: 'Create grant' }).click();
    const secret = page.getByLabel('Secret of acme-key. (hmac-sha256)');
    await secret.waitFor();
    expect((await secret.inputValue()).length).toBeGreaterThan(20);
    await page.getByText('acme-key.', { exact: true }).waitFor();
    await checkPage('11-update-grants');
  });

  it('edits the zone’s TTL and description: a refused value shows the API’s message at its field', async () => {
    await page.getByText('Edit the zone').click();
    const form = page.getByRole('form', { name: 'Edit the zone' });
    await form.getByLabel('TTL (seconds)').fill('-5');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.locator('.field-error').getByText(/ttl/).waitFor();
    await form.getByLabel('TTL (seconds)').fill('7200');
    await form.getByLabel('Description').fill('the journey’s zone');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Saved.').waitFor();
    await page.locator('.facts').getByText('7200', { exact: true }).waitFor();
    expect(await zoneBody()).toMatchObject({ ttl: 7200 });
  });

  it('transfers the zone to another project, which accepts it and deletes it after confirming', async () => {
    await tab('Transfer');
    const form = page.getByRole('form', { name: 'Create a transfer request' });
    await form.getByLabel('Target project id').fill('journey-two');
    await form.getByRole('button', { name: 'Create transfer request' }).click();
    const requestId = await page.getByLabel('Request id', { exact: true }).inputValue();
    const key = await page.getByLabel('Key', { exact: true }).inputValue();
    expect(key).toMatch(/^\S{8,}$/);
    await checkPage('12-transfer');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Zonewarden' }).waitFor();
    await signIn(secondToken);
    await page.getByRole('link', { name: 'Accept a transfer' }).click();
    await page.getByLabel('Transfer request id').fill(requestId);
    await page.getByLabel('Key').fill(key);
    await checkPage('13-accept-transfer');
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('link', { name: 'Open it' }).click({ timeout: 30_000 });
    await page.getByRole('heading', { name: ZONE }).waitFor();
    expect(
      (await callApi<{ project_id: string }>(service, secondToken, `/v2/zones/${zoneId}`)).project_id,
    ).toBe('journey-two');

    await page.getByRole('button', { name: 'Delete zone' }).click();
    await page.getByRole('button', { name: 'Yes, delete zone' }).click();
    await page.getByRole('heading', { name: 'Zones', exact: true }).waitFor();
    await waitFor(
      'the zone to be deleted',
      async () => {
        const res = await fetch(`${service.api}/v2/zones/${zoneId}`, {
          headers: { 'X-Auth-Token': secondToken },
        });
        await res.body?.cancel();
        return res.status === 404;
      },
      30_000,
    );
  });
});
