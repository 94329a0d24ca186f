// Remix options for the site. vite.config.ts passes them to the Remix Vite plugin, so this file
// stays the one place to read how routes and the server build are set up.
/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  appDirectory: 'app',
  // REMIX_BUILD_DIR lets parallel test runs build side by side; server.mjs reads the same variable.
  buildDirectory: process.env.REMIX_BUILD_DIR ?? 'build',
  serverModuleFormat: 'esm',
  ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/.*'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
