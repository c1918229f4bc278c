import * as v8 from 'node:v8';

/** V8's own default (node --v8-options). */
const DEFAULT_GROWTH_FACTOR = 2;

/**
 * Keeps V8's young generation at its initial size (see start-up-heap.ts, which calls this before an app's
 * modules load).
 */
export function holdYoungGeneration(): void {
  v8.setFlagsFromString('--semi-space-growth-factor=1');
}

/** The app has started: its young generation may grow with load again. */
export function startUpDone(): void {
  v8.setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH_FACTOR}`);
}
