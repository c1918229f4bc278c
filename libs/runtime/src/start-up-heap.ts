import { holdYoungGeneration } from './young-generation';

/**
 * Imported first by every app's main.ts, for its effect: from here until startUpDone(), V8's young generation
 * stays at its initial size. Loading the apps' ~2000 modules and starting Nest allocate fast enough to make V8
 * grow it to its maximum, which an idle app then keeps until V8's memory reducer happens to run: 10–30 MB of
 * RSS per process (docs/footprint.md). Once the app serves, load grows it as before.
 */
holdYoungGeneration();
