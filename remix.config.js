// Remix options for the site. vite.config.ts passes them to the Remix Vite plugin, so this file
// stays the one place to read how routes and the server build are set up.
import { registryRoutedPages } from './app/content/content-routes.ts';

/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  appDirectory: 'app',
  // REMIX_BUILD_DIR lets parallel test runs build side by side; server/index.ts reads the same variable.
  buildDirectory: process.env.REMIX_BUILD_DIR ?? 'build',
  serverModuleFormat: 'esm',
  ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/.*'],
  // The files of app/routes are routes by their names. The content pages of
  // app/content/content-routes.ts come on top: each path is mapped onto the shared module of its
  // kind (every policy onto one module …), under an id of its own.
  routes: (defineRoutes) =>
    defineRoutes((route) => {
      for (const page of registryRoutedPages()) {
        route(page.path.slice(1), page.module, { id: `content${page.path}` });
      }
    }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
