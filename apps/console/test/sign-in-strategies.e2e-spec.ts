/// <reference lib="dom" />
import { Keystone, KeystoneUser, startKeystone } from '@zonewarden/testing';
import type { Page } from 'playwright-core';
import { checkPage } from './support/browser';
import { consoleSuite } from './support/suite';

/**
 * The console's sign-in with the gateway's other strategies, in chromium against the whole service: a real
 * Keystone (the gateway exchanges the user's password for a token; the browser never talks to Keystone), as a
 * member and as a reader; and noauth's project and roles.
 */

/** Creates a zone with the console's form; resolves on the zone's page. */
async function createZone(page: Page, name: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Create a zone' });
  await form.getByLabel('Zone name').fill(name);
  await form.getByLabel('Email').fill('hostmaster@example.org');
  await form.getByRole('button', { name: 'Create zone' }).click();
  await page.getByRole('heading', { name }).waitFor();
}

/** A change forced by the page's own script with the session's CSRF token: the API's status. */
function forcedZoneCreate(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const session = await (await fetch('/console/session')).json();
    const res = await fetch('/v2/zones', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf_token },
      body: JSON.stringify({ name: 'forced.example.org.', email: 'x@example.org' }),
    });
    return res.status;
  });
}

describe('the console’s sign-in through a real Keystone', () => {
  let keystone: Keystone;
  let member: KeystoneUser;
  let reader: KeystoneUser;
  const ZONE = 'keystone-console.example.org.';

  // Keystone first: the service's settings name it.
  beforeAll(async () => {
    keystone = await startKeystone();
    const project = async (name: string) => ({ name, id: await keystone.api.createProject(name) });
    const [console_, serviceProject] = [await project('console-project'), await project('service')];
    await keystone.api.createUser('designate', serviceProject, 'admin');
    member = await keystone.api.createUser('console-member', console_, 'member');
    reader = await keystone.api.createUser('console-reader', console_, 'reader');
  }, 120_000);
  afterAll(() => keystone?.close(), 30_000);
  const suite = consoleSuite(() => ({
    AUTH_STRATEGY: 'keystone',
    KEYSTONE_AUTH_URL: keystone.authUrl,
    KEYSTONE_USERNAME: 'designate',
    KEYSTONE_PASSWORD: 'designate-secret',
    KEYSTONE_PROJECT_NAME: 'service',
  }));

  async function signInWithKeystone(user: KeystoneUser, password = user.password) {
    const opened = await suite.newPage();
    const { page } = opened;
    await page.goto(suite.url());
    await page.getByLabel('User name').fill(user.name);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Project').fill(user.projectName);
    expect(await page.getByLabel('Domain').inputValue()).toBe('Default');
    await page.getByRole('button', { name: 'Sign in' }).click();
    return opened;
  }

  it('refuses a wrong password with the API’s message', async () => {
    const { page, context } = await signInWithKeystone(member, 'not-the-password');
    await page.getByRole('alert').getByText('The credentials were refused').waitFor();
    await checkPage(page, 'keystone-sign-in-refused');
    await context.close();
  });

  it('signs a member in: the project is Keystone’s, the zone is created, sign-out ends the session', async () => {
    const { page, context } = await signInWithKeystone(member);
    await page.getByRole('heading', { name: 'Zones', exact: true }).waitFor();
    expect(await page.locator('.who').textContent()).toContain(member.projectId);
    await createZone(page, ZONE);
    await checkPage(page, 'keystone-member-zone');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Zonewarden' }).waitFor();
    expect(await page.evaluate(async () => (await (await fetch('/console/session')).json()).signed_in)).toBe(
      false,
    );
    await context.close();
  });

  it('shows a reader the project’s zone without a button that changes it; the API refuses a forced change', async () => {
    const { page, context } = await signInWithKeystone(reader);
    await page.getByRole('link', { name: ZONE }).click();
    await page.getByRole('heading', { name: ZONE }).waitFor();
    expect(await page.getByRole('button', { name: /Delete|Edit|Add|Create/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Accept a transfer' }).count()).toBe(0);
    expect(await forcedZoneCreate(page)).toBe(403);
    await checkPage(page, 'keystone-reader-zone');
    await context.close();
  });
});

describe('the console’s sign-in with noauth (development)', () => {
  const suite = consoleSuite(() => ({ AUTH_STRATEGY: 'noauth' }));

  it('signs in with a project and roles, and acts as them', async () => {
    const { page, context } = await suite.newPage();
    await page.goto(suite.url());
    await page.getByText('for development only').waitFor();
    await checkPage(page, 'noauth-sign-in');
    await page.getByLabel('Project id').fill('noauth-console');
    await page.getByLabel('Roles').fill('member');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Zones', exact: true }).waitFor();
    expect(await page.locator('.who').textContent()).toContain('noauth-console');
    await createZone(page, 'noauth-console.example.org.');
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await context.close();
  });
});
