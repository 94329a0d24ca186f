// Server-side rendering entry. Importing it parses the configuration (getConfig), so a bad or
// half-set environment stops the server at start-up instead of on the first request.
import type {
  ActionFunctionArgs,
  AppLoadContext,
  EntryContext,
  LoaderFunctionArgs,
} from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { getContentSource } from '~/content/content.server';
import { applyCacheControl } from '~/utils/cache-control.server';
import { getConfig } from '~/utils/env.server';
import { log } from '~/utils/log.server';
import { rewriteDocument } from '~/utils/html-stream.server';
import { NonceProvider } from '~/utils/nonce';

getConfig();

export const streamTimeout = 5_000;

const holdScripts = process.env.NODE_ENV === 'production';

// For server/index.ts (on start-up) and scripts/reconcile.mjs, which reach the app through the server
// build's entry module.
export { reconcilePayments } from '~/booking/reconcile.server';
export { runSettlePass } from '~/booking/settle-pass.server'; // for server/index.ts, periodically
export { runJobs } from '~/jobs/jobs.server'; // for server/index.ts, periodically, and scripts/jobs.mjs
export { setStaffRole } from '~/staff/staff-role.server'; // for scripts/staff.mjs
export { reindexBookings } from '~/store/reindex-bookings.server'; // for scripts/reindex-bookings.mjs
export { vitalsReport } from '~/vitals/vitals.server'; // for scripts/vitals.mjs

/** The content revision pages are rendered from, for the server's page cache (server/page-cache.ts). */
export function contentRevision(): string {
  return getContentSource().revision();
}

/**
 * Errors thrown by loaders and actions (not the Responses they throw on purpose) are written by
 * the one logger, with the request's id, instead of Remix's console.error. A request the client
 * gave up on is not an error.
 */
export function handleError(error: unknown, { request }: { request: Request }): void {
  if (request.signal.aborted) return;
  log.error('A request failed', {
    error,
    method: request.method,
    route: new URL(request.url).pathname,
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.cspNonce ?? '';
  // Crawlers and no-JS clients get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '');
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const respond = () => {
      shellRendered = true;
      // The closing </body></html> is held back until the streamed data scripts are written
      // (see html-stream.server.ts), so the document is valid HTML. In production the page
      // paints before its JavaScript loads (docs/decisions/016-app-scripts-after-first-paint.md);
      // the dev server keeps Remix's own script tags, which its hot reloading expects.
      const body = rewriteDocument({ holdScripts });
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      applyCacheControl({ request, status: responseStatusCode, headers: responseHeaders });
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer
          context={remixContext}
          url={request.url}
          abortDelay={streamTimeout}
          nonce={nonce}
        />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) respond();
        },
        onAllReady() {
          clearTimeout(abortTimer);
          if (waitForAll) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged; before it they reach the error boundary.
          if (shellRendered) log.error('A page failed while it was streaming', { error });
        },
      },
    );
    // A render still streaming after the time limit is cut short; one that has finished (nearly
    // all do) clears its timer, so no timer and finished render is kept for seconds per request.
    // (React calls the callbacks above asynchronously, after this line has run.)
    const abortTimer = setTimeout(abort, streamTimeout + 1_000);
  });
}

/**
 * Client-side navigations fetch the same loader data as `.data` requests; they get the same
 * caching rules as the HTML documents.
 */
export function handleDataRequest(
  response: Response,
  { request }: LoaderFunctionArgs | ActionFunctionArgs,
): Response {
  const headers = new Headers(response.headers);
  applyCacheControl({ request, status: response.status, headers });
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
