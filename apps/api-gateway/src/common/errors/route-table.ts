import type { Application } from 'express';

interface RouterLayer {
  route?: { methods: Record<string, boolean> };
  match(path: string): boolean;
}

/**
 * Knows the registered routes, to tell "no such resource" (404) from "resource exists, method does
 * not" (405), which express does not distinguish.
 */
export class RouteTable {
  constructor(private readonly app: Application) {}

  allowedMethods(path: string): string[] {
    const router = (this.app as unknown as { router?: { stack: RouterLayer[] } }).router;
    const methods = new Set<string>();
    for (const layer of router?.stack ?? []) {
      if (layer.route && layer.match(path)) {
        for (const [method, enabled] of Object.entries(layer.route.methods))
          if (enabled) methods.add(method.toUpperCase());
      }
    }
    return [...methods];
  }
}
