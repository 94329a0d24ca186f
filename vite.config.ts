import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';
import remixConfig from './remix.config.js';
import { onBuildWarning } from './scripts/build-warnings.ts';
import { siteElements } from './scripts/site-elements-plugin.ts';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [remix(remixConfig), siteElements()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  server: { port: Number(process.env.PORT ?? 3000) },
  build: {
    target: 'es2022',
    // Drops two expected kinds of warning (the empty browser chunks of routes without browser code,
    // zod's comments about annotations) and prints every other one: scripts/build-warnings.ts.
    rollupOptions: {
      onwarn: onBuildWarning(fileURLToPath(new URL('./app/routes', import.meta.url))),
    },
  },
});
