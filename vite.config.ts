import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';
import remixConfig from './remix.config.js';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [remix(remixConfig)],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  server: { port: Number(process.env.PORT ?? 3000) },
  build: { target: 'es2022' },
});
