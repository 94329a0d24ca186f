// The site's HTTP server: Remix behind Express. `npm start` runs it in production mode on the
// build; `npm run dev` runs it with Vite's dev middleware. PORT is honoured (default 3000).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import express from 'express';
import { discardUnreadBodies, limitFormBodies } from './body-limits.mjs';
import { pageCache } from './page-cache.mjs';
import { remixHandler } from './remix-handler.mjs';
import { refuseCrossSiteFormPosts, securityHeaders } from './security-headers.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const production = process.env.NODE_ENV === 'production';
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const buildDir = path.resolve(root, process.env.REMIX_BUILD_DIR ?? 'build');

/**
 * One JSON line per request: request id, method, route (path without the query string, which may
 * hold personal data), status and duration. The id is echoed in X-Request-Id for support.
 */
function requestLog(request, response, next) {
  const started = process.hrtime.bigint();
  const incoming = request.get('x-request-id');
  const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
  response.set('X-Request-Id', requestId);
  response.on('finish', () => {
    if (process.env.LOG_REQUESTS === 'false') return;
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
    process.stdout.write(
      `${JSON.stringify({
        time: new Date().toISOString(),
        level: response.statusCode >= 500 ? 'error' : 'info',
        msg: 'request',
        requestId,
        method: request.method,
        route: request.path,
        status: response.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
      })}\n`,
    );
  });
  next();
}

function fail(error) {
  // Configuration errors carry a message written for the person starting the server.
  console.error(error?.name === 'ConfigError' ? error.message : error);
  process.exit(1);
}

async function main() {
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For is believed only from proxies on loopback or private networks (a load balancer
  // in front of the site), so a client on the internet cannot pick its own address to dodge rate
  // limits. TRUST_PROXY takes Express's values (a hop count, addresses or subnets) for other set-ups.
  app.set('trust proxy', process.env.TRUST_PROXY ?? 'loopback, linklocal, uniquelocal');
  app.use(requestLog);
  app.use(securityHeaders({ production, env: process.env }));
  app.use(discardUnreadBodies());
  app.use(refuseCrossSiteFormPosts());
  // Form posts to the pages: at most 64 kB, refused with 413 before more is read (body-limits.mjs).
  app.use(limitFormBodies());
  app.use(compression());
  // Pages the app marks as shareable are kept for their s-maxage and answered from memory, as a
  // CDN would (page-cache.mjs), before any file lookup; PAGE_CACHE=false turns it off.
  if (production && process.env.PAGE_CACHE !== 'false') app.use(pageCache());

  // Liveness: the process is up and serving. Readiness (store, content) is /readyz in the app.
  app.get('/healthz', (_request, response) => {
    response.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  // The booking widget (booking-widget/dist), here and on partner sites. Partners reference the
  // loader by its stable name, so it is cached for 5 minutes; its chunks are named by content hash
  // and never change. Module scripts load with CORS: any site may fetch these public files.
  app.use(
    '/widget',
    express.static(path.join(root, 'booking-widget/dist'), {
      fallthrough: false,
      cacheControl: false,
      setHeaders: (response, file) => {
        response.set('Access-Control-Allow-Origin', '*');
        response.set(
          'Cache-Control',
          path.basename(path.dirname(file)) === 'chunks'
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=300',
        );
      },
    }),
  );

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

  app.all(
    '*',
    remixHandler({
      build,
      mode: production ? 'production' : 'development',
      // The client's address, for rate limits (app/utils/rate-limit.server.ts).
      // The CSP nonce of this response, for the inline scripts Remix and React write.
      getLoadContext: (request, response) => ({
        clientAddress: request.ip ?? request.socket.remoteAddress,
        cspNonce: response.locals.cspNonce,
      }),
    }),
  );

  const server = app.listen(port, host, () => {
    process.stdout.write(
      `${JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: `Business Chauffeur is serving on http://localhost:${port}` })}\n`,
    );
    // Payments whose webhook never arrived (the site was down or restarting) are settled from the
    // provider now, in the background (app/booking/reconcile.server.ts; also `npm run reconcile`).
    if (production && process.env.RECONCILE_ON_START !== 'false') {
      Promise.resolve(build.entry.module.reconcilePayments?.()).catch((error) => {
        console.error('Payment reconciliation on start-up failed:', error);
      });
    }
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
