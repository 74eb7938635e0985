import type { App } from '../../src/app';

/** `GET /tokens_remaining`, or `ALL /media/*` for a router that answers every path under a prefix itself. */
export type RouteKey = string;

interface Layer {
  readonly rawPath?: string | RegExp | (string | RegExp)[];
  readonly route?: { readonly path: string | string[]; readonly methods: Record<string, boolean> };
  readonly handle: { readonly stack?: Layer[] };
}

const joined = (prefix: string, path: string) => (prefix + (path === '/' ? '' : path)).replace(/\/{2,}/g, '/') || '/';

function walk(stack: readonly Layer[], prefix: string, into: Set<RouteKey>): void {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      const methods = Object.keys(layer.route.methods).filter((m) => layer.route!.methods[m] && m !== '_all');
      for (const path of paths) for (const method of methods) into.add(`${method.toUpperCase()} ${joined(prefix, path)}`);
      continue;
    }
    const raw = layer.rawPath ?? '/';
    if (typeof raw !== 'string') throw new Error(`a router layer mounted on a non-string path (${String(raw)}): the table cannot name it`);
    if (layer.handle.stack) {
      walk(layer.handle.stack, joined(prefix, raw), into);
    } else if (raw !== '/' || prefix !== '') {
      // Middleware that answers under a prefix of its own (Apollo on /graphql, oidc-provider on /oidc, the media router).
      into.add(`ALL ${joined(prefix, raw)}/*`);
    }
  }
}

/**
 * Every REST route of the running app, read from Express 5's router stack (routers mounted with
 * `app.use(router)` or `app.use('/prefix', router)`, routes with `route.path` and `route.methods`).
 * Middleware mounted on `/` (helmet, logging, the JSON 404) is no route and is left out.
 */
export function restRoutes(app: App): RouteKey[] {
  const express = app.httpServer.listeners('request')[0] as unknown as { router: { stack: Layer[] } };
  const routes = new Set<RouteKey>();
  walk(express.router.stack, '', routes);
  return [...routes].sort();
}
