// The site's real Remix request handler for integration tests: the server build that Vite's Remix
// plugin makes (every route, with its loaders and actions, routing, single fetch), loaded in SSR
// mode and called with Fetch API requests, the way server/index.ts calls it. Configuration comes from
// process.env, so a test file sets its environment before the first request.
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import { createServer, type ViteDevServer } from 'vite';

export interface RemixApp {
  /** Sends a request to the site; `clientAddress` is what server/index.ts passes as the load context. */
  request(
    path: string,
    init?: RequestInit & { clientAddress?: string; cspNonce?: string; json?: unknown },
  ): Promise<Response>;
  /**
   * A module of the app as the handler sees it (the same instances: store, gateway, limiters),
   * for seeding data or simulating an outage.
   */
  load<T>(path: string): Promise<T>;
  close(): Promise<void>;
}

export const TEST_ORIGIN = 'http://localhost';

/** Vite in SSR mode, and the site's server build loaded through it (every route). */
export async function loadServerBuild(): Promise<{ vite: ViteDevServer; build: ServerBuild }> {
  const vite = await createServer({
    configFile: 'vite.config.ts',
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'error',
  });
  const build = (await vite.ssrLoadModule('virtual:remix/server-build')) as unknown as ServerBuild;
  return { vite, build };
}

export async function startRemixApp(): Promise<RemixApp> {
  const { vite, build } = await loadServerBuild();
  const handle = createRequestHandler(build, 'production');

  return {
    request(path, { clientAddress = '192.0.2.1', cspNonce, json, ...init } = {}) {
      const headers = new Headers(init.headers);
      let body = init.body;
      if (json !== undefined) {
        headers.set('Content-Type', 'application/json');
        body = JSON.stringify(json);
      }
      const request = new Request(new URL(path, TEST_ORIGIN), {
        ...init,
        headers,
        body,
        ...(body ? { duplex: 'half' } : {}),
      } as RequestInit);
      return handle(request, { clientAddress, cspNonce });
    },
    async load<T>(path: string) {
      return (await vite.ssrLoadModule(path)) as T;
    },
    close: () => vite.close(),
  };
}
