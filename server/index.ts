// The site's HTTP server: Remix behind Express. `npm start` runs it in production mode on the
// build; `npm run dev` runs it with Vite's dev middleware. Node runs this TypeScript as it is (type
// stripping), so there is no build step for the server; configuration comes only from the env
// module (app/utils/env.server.ts), like the app's. PORT is honoured (default 3000).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import { getConfig } from '../app/utils/env.server.ts';
import { log } from '../app/utils/log.server.ts';
import { discardUnreadBodies, limitFormBodies } from './body-limits.ts';
import { keepIdleConnections } from './connections.ts';
import { refuseCrossSiteFormPosts } from './cross-site-forms.ts';
import { pageCache } from './page-cache.ts';
import { runEvery, type PeriodicTask } from './periodic-task.ts';
import { remixHandler } from './remix-handler.ts';
import { requestLog } from './request-log.ts';
import { cspNonceOf, securityHeaders } from './security-headers.ts';
import { publicFiles, widgetFiles } from './static-files.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the server build's entry module offers the server (app/entry.server.tsx). */
type SiteBuild = ServerBuild & {
  entry: {
    module: {
      reconcilePayments?: () => Promise<unknown>;
      runSettlePass?: () => Promise<unknown>;
      runJobs?: () => Promise<unknown>;
      contentRevision?: () => string;
    };
  };
};

function fail(error: unknown): never {
  // Configuration errors carry a message written for the person starting the server.
  if (error instanceof Error && error.name === 'ConfigError')
    process.stderr.write(`${error.message}\n`);
  else log.error('The server could not start', { error });
  process.exit(1);
}

async function main() {
  const config = getConfig();
  const production = config.isProduction;
  const buildDir = path.resolve(root, config.server.buildDir);
  const app = express();
  app.disable('x-powered-by');
  // Whose X-Forwarded-For is believed, for the client address of rate limits (env.server.ts).
  app.set('trust proxy', config.server.trustProxy);
  app.use(requestLog({ enabled: config.server.logRequests }));
  app.use(securityHeaders(config));
  app.use(discardUnreadBodies());
  app.use(refuseCrossSiteFormPosts({ siteUrl: config.siteUrl }));
  // Form posts to the pages: at most 64 kB, refused with 413 before more is read (body-limits.ts).
  app.use(limitFormBodies());
  app.use(compression());
  // Pages the app marks as shareable are kept for their s-maxage and answered from memory, as a
  // CDN would (page-cache.ts), before any file lookup, while the content is at the revision they
  // were rendered from (the build's content source says which); PAGE_CACHE=false turns it off.
  let contentRevision: (() => string) | undefined;
  if (production && config.server.pageCache) {
    app.use(pageCache({ revision: () => contentRevision?.() ?? '' }));
  }

  // Liveness: the process is up and serving. Readiness (store, content) is /readyz in the app.
  app.get('/healthz', (_request, response) => {
    response.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  app.use('/widget', widgetFiles(path.join(root, 'booking-widget/dist')));

  let build: SiteBuild | (() => Promise<SiteBuild>);
  if (production) {
    build = (await import(path.join(buildDir, 'server/index.js'))) as SiteBuild;
    contentRevision = build.entry.module.contentRevision;
    app.use(
      '/assets',
      express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y' }),
    );
    app.use(publicFiles(path.join(buildDir, 'client'), { maxAge: '1h' }));
  } else {
    const vite = await import('vite').then((v) =>
      v.createServer({ server: { middlewareMode: true } }),
    );
    app.use(vite.middlewares);
    const load = async () =>
      (await vite.ssrLoadModule('virtual:remix/server-build')) as unknown as SiteBuild;
    // Load once now so a bad configuration stops start-up here too.
    await load();
    build = load;
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
      siteUrl: config.siteUrl,
      // The client's address, for rate limits (app/limits/rate-limit.server.ts), and the CSP
      // nonce of this response, for the inline scripts Remix and React write.
      getLoadContext: (request, response) => ({
        clientAddress: request.ip ?? request.socket.remoteAddress,
        cspNonce: cspNonceOf(response),
      }),
    }),
  );

  // Paid bookings still waiting for their confirmation or their email (a store that refused the
  // write after a charge, a mail server or a sender process that failed) are settled every
  // SETTLE_INTERVAL_SECONDS, on every instance (app/booking/settle-pass.server.ts).
  let settlePass: PeriodicTask | undefined;
  if (config.server.settleIntervalSeconds > 0) {
    settlePass = runEvery(
      config.server.settleIntervalSeconds * 1000,
      async () =>
        (typeof build === 'function' ? await build() : build).entry.module.runSettlePass?.(),
      (error) => log.error('The settle pass failed', { error }),
    );
  }

  // Jobs due at a time (text messages) are claimed from the store and run every
  // JOBS_INTERVAL_SECONDS, on every instance; each job goes to one of them (app/jobs/).
  let jobs: PeriodicTask | undefined;
  if (config.server.jobsIntervalSeconds > 0) {
    jobs = runEvery(
      config.server.jobsIntervalSeconds * 1000,
      async () => (typeof build === 'function' ? await build() : build).entry.module.runJobs?.(),
      (error) => log.error('Running the due jobs failed', { error }),
    );
  }

  const server = app.listen(config.port, config.server.host, () => {
    log.info(
      `Business Chauffeur is serving on http://localhost:${config.port}. Press Ctrl+C to stop.`,
    );
    // Payments whose webhook never arrived (the site was down or restarting) are settled from the
    // provider now, in the background (app/booking/reconcile.server.ts; also `npm run reconcile`).
    if (production && config.server.reconcileOnStart && typeof build !== 'function') {
      Promise.resolve(build.entry.module.reconcilePayments?.()).catch((error: unknown) => {
        log.error('Payment reconciliation on start-up failed', { error });
      });
    }
  });
  keepIdleConnections(server);

  const shutdown = () => {
    // No new settle pass or jobs run; one under way may finish (an email or a text message it is
    // sending is not cut in two; a job it could not finish is taken over after its lease).
    const settled = Promise.all([settlePass?.stop(), jobs?.stop()]);
    server.close(() => void settled.finally(() => process.exit(0)));
    // In-flight requests (and a settle pass or jobs run) get ten seconds to finish.
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch(fail);
