// The site's HTTP server: Remix behind Express. `npm start` runs it in production mode on the
// build; `npm run dev` runs it with Vite's dev middleware. PORT is honoured (default 3000).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import compression from 'compression';
import express from 'express';

const root = path.dirname(fileURLToPath(import.meta.url));
const production = process.env.NODE_ENV === 'production';
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const buildDir = path.resolve(root, process.env.REMIX_BUILD_DIR ?? 'build');

function fail(error) {
  // Configuration errors carry a message written for the person starting the server.
  console.error(error?.name === 'ConfigError' ? error.message : error);
  process.exit(1);
}

async function main() {
  const app = express();
  app.disable('x-powered-by');
  app.use(compression());

  let build;
  if (production) {
    build = await import(path.join(buildDir, 'server/index.js'));
    app.use(
      '/assets',
      express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y' }),
    );
    app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h' }));
  } else {
    const vite = await import('vite').then((v) =>
      v.createServer({ server: { middlewareMode: true } }),
    );
    app.use(vite.middlewares);
    // Load once now so a bad configuration stops start-up here too.
    await vite.ssrLoadModule('virtual:remix/server-build');
    build = () => vite.ssrLoadModule('virtual:remix/server-build');
  }

  // Images of the embedded dataset: their URLs carry a content hash (?v=), so they can be cached
  // for a year.
  app.use(
    '/content/images',
    express.static(path.join(root, 'content/images'), { immutable: true, maxAge: '1y' }),
  );

  app.all('*', createRequestHandler({ build, mode: production ? 'production' : 'development' }));

  const server = app.listen(port, host, () => {
    console.log(`Business Chauffeur is serving on http://localhost:${port}`);
  });

  const shutdown = () => {
    server.close(() => process.exit(0));
    // In-flight requests get ten seconds to finish.
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch(fail);
