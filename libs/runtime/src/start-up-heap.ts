import * as v8 from 'node:v8';

/**
 * Imported first by every app's main.ts: from here until startUpDone(), V8's young generation stays at its
 * initial size. Loading the apps' ~2000 modules and starting Nest allocate fast enough to make V8 grow it
 * to its maximum, which an idle app then keeps until V8's memory reducer happens to run: 10–30 MB of RSS
 * per process (docs/footprint.md). Once the app serves, load grows it as before.
 */
v8.setFlagsFromString('--semi-space-growth-factor=1');

/** V8's own default (node --v8-options). */
const DEFAULT_GROWTH_FACTOR = 2;

/** The app has started: its young generation may grow with load again. */
export function startUpDone(): void {
  v8.setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH_FACTOR}`);
}
