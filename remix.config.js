// Remix options for the site. vite.config.ts passes them to the Remix Vite plugin, so this file
// stays the one place to read how routes and the server build are set up.
/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
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
