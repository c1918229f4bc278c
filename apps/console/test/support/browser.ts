/// <reference lib="dom" />
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Browser, BrowserContext, Page, chromium } from 'playwright-core';
import { REPO_ROOT } from '@zonewarden/testing';

/** Debian's chromium (`apt-get install chromium`; .ci/run installs it), or CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Where the tests keep each page's screenshot (gitignored). */
export const ARTIFACTS = path.join(REPO_ROOT, 'apps/console/test-artifacts');
/** Every wait of a page is bounded: a missing element fails the test, never hangs it. */
const ACTION_TIMEOUT_MS = 15_000;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS, timeout: 30_000 });
}

/** What a page said in the browser's console (errors, warnings) and the scripts' uncaught errors. */
export interface PageLog {
  problems: string[];
}

/**
 * A page of its own context (cookies of its own). Failed loads the test provoked on purpose (a 4xx the
 * console then shows) are not problems; anything else in the console at warning or error level is.
 */
export async function openPage(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page; log: PageLog }> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  const page = await context.newPage();
  const log: PageLog = { problems: [] };
  page.on('console', (message) => {
    const text = message.text();
    if (!['error', 'warning'].includes(message.type())) return;
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    log.problems.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => log.problems.push(`uncaught: ${error.message}`));
  page.on('dialog', (dialog) => {
    log.problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { context, page, log };
}

/** A full-page screenshot in the artifacts directory. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's WCAG 2.x A/AA rules on the page as it is; the serious and critical violations, as lines. axe
 * is evaluated through the debugging protocol, which the page's CSP does not govern (an inline script
 * would be refused, as it should be).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

/** Whether the page is wider than its viewport (a horizontal scroll bar at 375 px). */
export function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/** Signs the console at `consoleUrl` in with an API token; resolves on the zones page. */
export async function signIn(page: Page, consoleUrl: string, token: string): Promise<void> {
  await page.goto(consoleUrl);
  await page.getByLabel('API token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Zones', exact: true }).waitFor();
}

/** A screenshot of the page as it is now (`name`.png in the artifacts), then its accessibility scan. */
export async function checkPage(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect(await seriousViolations(page)).toEqual([]);
}
