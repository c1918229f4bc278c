/// <reference lib="dom" />
import { checkPage, overflowsHorizontally, signIn } from './support/browser';
import { ConsoleService, callApi } from './support/service';
import { consoleSuite } from './support/suite';

/**
 * The console's manners in Debian's chromium, against the whole service: usable at 375 px, hostile strings
 * inert, readers shown nothing they may not do (and refused if they force it), the admin pages, and a
 * session that ends with its token. Screenshots in apps/console/test-artifacts; axe on every page.
 */

const ZONE = 'manners.example.org.';
const HOSTILE = [
  '<img src=x onerror=alert(1)>',
  '"><script>alert(2)</script>',
  "javascript:alert('3')",
  '{{constructor.constructor("alert(4)")()}}',
];
const ZONE_TABS = ['records', 'text', 'history', 'test', 'serving', 'dnssec', 'transfer', 'grants', 'shares'];

describe('the web console: manners', () => {
  const suite = consoleSuite();
  let service: ConsoleService;
  let zoneId: string;
  const consoleUrl = () => suite.url();
  const newPage = (viewport?: { width: number; height: number }) => suite.newPage(viewport);

  beforeAll(async () => {
    service = suite.service;
    const admin = (path: string, json: unknown) =>
      callApi(service, service.adminToken, path, { method: 'POST', json });
    const zone = await admin('/v2/zones', {
      name: ZONE,
      email: 'hostmaster@example.org',
      description: HOSTILE[0],
    });
    zoneId = zone.id as string;
    await admin(`/v2/zones/${zoneId}/recordsets`, {
      name: `hostile.${ZONE}`,
      type: 'TXT',
      records: HOSTILE.map((text) => `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`),
      description: HOSTILE[1],
    });
    // Signed: the DNSSEC tab shows its keys and DS records too.
    await callApi(service, service.adminToken, `/v2/zones/${zoneId}/dnssec`, {
      method: 'PUT',
      json: { enabled: true },
    });
  });

  it('renders hostile strings as text: no element, no script, no dialog', async () => {
    const { page, context } = await newPage();
    await signIn(page, consoleUrl(), service.adminToken);
    expect(await page.locator('td.description').first().textContent()).toBe(HOSTILE[0]);
    await page.getByRole('link', { name: ZONE }).click();
    await page.locator('tr[data-type="TXT"]').waitFor();
    const shown = await page.locator('tr[data-type="TXT"] code').allTextContents();
    expect(shown).toEqual(
      expect.arrayContaining(HOSTILE.map((text) => expect.stringContaining(text.slice(0, 8)))),
    );
    expect(await page.locator('tr[data-type="TXT"] .description').textContent()).toBe(HOSTILE[1]);
    expect(await page.locator('main img, main script').count()).toBe(0);
    await checkPage(page, 'hostile-strings');
    await context.close();
  });

  it('is usable 375 px wide: every page fits the width and passes the accessibility scan', async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    await signIn(page, consoleUrl(), service.adminToken);
    expect(await overflowsHorizontally(page)).toBe(false);
    await checkPage(page, '375-zones');
    for (const tab of ZONE_TABS) {
      await page.goto(`${consoleUrl()}#/zones/${zoneId}/${tab}`);
      await page.getByRole('heading', { name: ZONE }).waitFor();
      await page.locator('.tab').waitFor();
      await page.waitForLoadState('networkidle');
      expect({ tab, overflows: await overflowsHorizontally(page) }).toEqual({ tab, overflows: false });
      await checkPage(page, `375-zone-${tab}`);
    }
    for (const tab of ['tlds', 'blacklists', 'pools', 'services']) {
      await page.goto(`${consoleUrl()}#/admin/${tab}`);
      await page.getByRole('heading', { name: 'Admin' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect({ tab, overflows: await overflowsHorizontally(page) }).toEqual({ tab, overflows: false });
      await checkPage(page, `375-admin-${tab}`);
    }
    await context.close();
  });

  it('works by keyboard: skip link, tabs and the sign-out button are reachable and labelled', async () => {
    const { page, context } = await newPage();
    await signIn(page, consoleUrl(), service.adminToken);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // Through the zone's link by keyboard alone.
    const link = page.getByRole('link', { name: ZONE });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: ZONE }).waitFor();
    await context.close();
  });

  it('shows a reader no button that changes anything, and the API refuses one forced', async () => {
    const reader = await service.token('dev-project', ['reader']);
    const { page, context } = await newPage();
    await signIn(page, consoleUrl(), reader);
    expect(await page.getByRole('heading', { name: 'Create a zone' }).count()).toBe(0);
    await page.getByRole('link', { name: ZONE }).click();
    await page.locator('tr[data-type="TXT"]').waitFor();
    expect(await page.getByRole('button', { name: /Delete|Edit|Add/ }).count()).toBe(0);
    await checkPage(page, 'reader-zone');
    const forced = await page.evaluate(async () => {
      const session = await (await fetch('/console/session')).json();
      const res = await fetch('/v2/zones', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf_token },
        body: JSON.stringify({ name: 'forced.example.org.', email: 'x@example.org' }),
      });
      return res.status;
    });
    expect(forced).toBe(403);
    // Without the CSRF token, the session's cookie changes nothing either.
    const withoutCsrf = await page.evaluate(
      async () => (await fetch('/console/session', { method: 'DELETE' })).status,
    );
    expect(withoutCsrf).toBe(403);
    await context.close();
  });

  it('gives admins TLDs, blacklists, pools and service statuses', async () => {
    const { page, context } = await newPage();
    await signIn(page, consoleUrl(), service.adminToken);
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { name: 'Admin' }).waitFor();
    await checkPage(page, 'admin-tlds');
    await page.getByRole('link', { name: 'Blacklists' }).click();
    const form = page.getByRole('form', { name: 'Add a pattern' });
    await form.getByLabel('Pattern').fill('^blocked\\.example\\.$');
    await form.getByLabel('Description').fill(HOSTILE[0]);
    await form.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('cell', { name: HOSTILE[0] }).waitFor();
    await checkPage(page, 'admin-blacklists');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('None.').waitFor();
    await page.getByRole('link', { name: 'Pools' }).click();
    await page.getByText('ns1.zonewarden.test.').waitFor();
    await checkPage(page, 'admin-pools');
    await page.getByRole('link', { name: 'Service statuses' }).click();
    await page
      .locator('td')
      .filter({ hasText: /^(UP|DOWN|WARNING)$/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await checkPage(page, 'admin-service-statuses');
    await context.close();
  });

  it('gives admins every project’s zones, and abandons one', async () => {
    const other = await service.token('manners-other', ['member']);
    const zone = await callApi(service, other, '/v2/zones', {
      method: 'POST',
      json: { name: 'other.example.net.', email: 'hostmaster@example.net' },
    });
    const { page, context } = await newPage();
    await signIn(page, consoleUrl(), service.adminToken);
    expect(await page.getByRole('link', { name: 'other.example.net.' }).count()).toBe(0);
    await page.getByLabel('All projects').check();
    await page.getByRole('link', { name: 'other.example.net.' }).click();
    await page.getByRole('heading', { name: 'other.example.net.' }).waitFor();
    await checkPage(page, 'admin-other-project-zone');
    await page.getByRole('button', { name: 'Abandon zone' }).click();
    await page.getByRole('button', { name: 'Yes, abandon zone' }).click();
    await page.getByRole('heading', { name: 'Zones', exact: true }).waitFor();
    const gone = await fetch(`${service.api}/v2/zones/${zone.id}`, { headers: { 'X-Auth-Token': other } });
    expect(gone.status).toBe(404);
    await context.close();
  });

  it('lets an admin act for another project: its zones seen and created, then back to its own', async () => {
    const other = await service.token('manners-sudo', ['member']);
    await callApi(service, other, '/v2/zones', {
      method: 'POST',
      json: { name: 'sudo-seen.example.com.', email: 'hostmaster@example.com' },
    });
    const { page, context } = await newPage();
    await signIn(page, consoleUrl(), service.adminToken);
    await page.getByRole('link', { name: ZONE }).waitFor();
    expect(await page.getByRole('link', { name: 'sudo-seen.example.com.' }).count()).toBe(0);
    await page.getByLabel('Act for project').fill('manners-sudo');
    await page.getByRole('button', { name: 'Act', exact: true }).click();
    await page.getByText('Acting for project manners-sudo').waitFor();
    await page.getByRole('link', { name: 'sudo-seen.example.com.' }).waitFor();
    expect(await page.getByRole('link', { name: ZONE }).count()).toBe(0);
    // While acting, the control is replaced by the banner's way back.
    expect(await page.getByLabel('Act for project').count()).toBe(0);
    await checkPage(page, 'admin-acting-for');
    const form = page.getByRole('form', { name: 'Create a zone' });
    await form.getByLabel('Zone name').fill('sudo-made.example.com.');
    await form.getByLabel('Email').fill('hostmaster@example.com');
    await form.getByRole('button', { name: 'Create zone' }).click();
    await page.getByRole('heading', { name: 'sudo-made.example.com.' }).waitFor();
    const made = await callApi<{ zones: { project_id: string }[] }>(
      service,
      other,
      '/v2/zones?name=sudo-made.example.com.',
    );
    expect(made.zones.map((zone) => zone.project_id)).toEqual(['manners-sudo']);
    // The banner stays on every page, also 375 px wide.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByText('Acting for project manners-sudo').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await checkPage(page, '375-admin-acting-for-zone');
    await page.getByRole('button', { name: 'Stop acting' }).click();
    await page.getByRole('link', { name: 'Zones', exact: true }).click();
    await page.getByRole('link', { name: ZONE }).waitFor();
    expect(await page.getByRole('link', { name: 'sudo-made.example.com.' }).count()).toBe(0);
    expect(await page.getByText('Acting for project').count()).toBe(0);
    await page.getByLabel('Act for project').waitFor();
    await context.close();
  });

  it('shows a member no "act for project", and the API refuses the sudo header of its session', async () => {
    const member = await service.token('dev-project', ['member']);
    const { page, context } = await newPage();
    await signIn(page, consoleUrl(), member);
    await page.getByRole('link', { name: ZONE }).waitFor();
    expect(await page.getByLabel('Act for project').count()).toBe(0);
    const forced = await page.evaluate(
      async () =>
        (await fetch('/v2/zones', { headers: { 'X-Auth-Sudo-Project-ID': 'manners-sudo' } })).status,
    );
    expect(forced).toBe(403);
    await context.close();
  });

  it("shows the project's quotas and the API's limits on the zones page", async () => {
    const limits = await callApi<{ max_page_limit: number; max_zone_name_length: number }>(
      service,
      service.adminToken,
      '/v2/limits',
    );
    const { page, context } = await newPage();
    await signIn(page, consoleUrl(), service.adminToken);
    await page.getByText("Your project's quotas and limits").click();
    const fact = (label: string) =>
      page
        .locator('.facts div')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd');
    await fact('Items per page (limit)').waitFor();
    expect(await fact('Items per page (limit)').textContent()).toBe(String(limits.max_page_limit));
    expect(await fact('Zone name length').textContent()).toBe(String(limits.max_zone_name_length));
    expect(await fact('Zones').textContent()).toMatch(/^\d+$/);
    await checkPage(page, 'zones-quotas-limits');
    await context.close();
  });

  it('shares a zone with another project, which then sees it, and unshares it', async () => {
    const { page, context } = await newPage();
    await signIn(page, consoleUrl(), service.adminToken);
    await page.goto(`${consoleUrl()}#/zones/${zoneId}/shares`);
    const form = page.getByRole('form', { name: 'Share the zone' });
    await form.getByLabel('Project id').fill('manners-shared');
    await form.getByRole('button', { name: 'Share' }).click();
    await page.locator('li').filter({ hasText: 'manners-shared' }).waitFor();
    await checkPage(page, 'zone-shares');
    const shared = await service.token('manners-shared', ['member']);
    const seen = await fetch(`${service.api}/v2/zones/${zoneId}`, { headers: { 'X-Auth-Token': shared } });
    expect(seen.status).toBe(200);
    await page.getByRole('button', { name: 'Unshare' }).click();
    await page.getByRole('button', { name: 'Yes, unshare' }).click();
    await page.getByText('No project.').waitFor();
    await context.close();
  });

  it('ends the session when its token expires: the next step asks to sign in again', async () => {
    const expiring = await service.token('dev-project', ['member'], new Date(Date.now() + 3000));
    const { page, context } = await newPage();
    await signIn(page, consoleUrl(), expiring);
    // The gateway trusts a looked-up token for 10 s at most.
    await new Promise((resolve) => setTimeout(resolve, 14_000));
    await page.getByRole('link', { name: ZONE }).click();
    await page.getByText('Your session ended. Sign in again to go on.').waitFor();
    await page.getByRole('heading', { name: 'Sign in to Zonewarden' }).waitFor();
    await context.close();
  }, 60_000);
});
