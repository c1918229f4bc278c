import { teardown } from '@zonewarden/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PageLog, launchChromium, openPage } from './browser';
import { ConsoleService, startConsoleService } from './service';

/** What a describe block of browser tests shares: the service, chromium, and its pages' logs. */
export interface ConsoleSuite {
  service: ConsoleService;
  browser: Browser;
  /** The console's URL on the service. */
  url(): string;
  /** A page of its own context; what it logs is checked after each test. */
  newPage(viewport?: {
    width: number;
    height: number;
  }): Promise<{ context: BrowserContext; page: Page; log: PageLog }>;
}

/**
 * Registers the hooks of a describe block of browser tests: the service (with `env()`'s settings, read once
 * the earlier hooks ran) and chromium started before its tests, both stopped after them (also when one
 * failed), and after each test, nothing in the browser's console of any page it opened.
 */
export function consoleSuite(env: () => Record<string, string> = () => ({})): ConsoleSuite {
  const logs: PageLog[] = [];
  const suite = {
    url: () => `${suite.service.api}/console/`,
    newPage: async (viewport?: { width: number; height: number }) => {
      const opened = await openPage(suite.browser, viewport);
      logs.push(opened.log);
      return opened;
    },
  } as ConsoleSuite;
  beforeAll(async () => {
    suite.service = await startConsoleService(env());
    suite.browser = await launchChromium();
  }, 120_000);
  afterAll(
    () =>
      teardown(
        () => suite.browser?.close(),
        () => suite.service?.stop(),
      ),
    60_000,
  );
  afterEach(() => expect(logs.flatMap((log) => log.problems)).toEqual([]));
  return suite;
}
