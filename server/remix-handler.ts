// Remix behind Express (index.ts, and the tests that mount the app the same way).
// The adapter's own request and response conversions, which its package entry does not export
// (the version is pinned exactly in package.json).
import {
  createRemixRequest,
  sendRemixResponse,
  type GetLoadContextFunction,
} from '@remix-run/express/dist/server.js';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import type { RequestHandler } from 'express';
import { FRAME_ANCESTORS_HEADER, withFrameAncestors } from '../app/utils/frame-ancestors.ts';
import { formBodyOf } from './body-limits.ts';
import { ownOriginHostOf } from './cross-site-forms.ts';
import { runForRequest } from '../app/utils/request-context.server.ts';
import { requestIdOfResponse } from './request-log.ts';

export interface RemixHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  getLoadContext: GetLoadContextFunction;
  /** SITE_URL: a form post from its pages is the site's own, whatever Host it arrives under. */
  siteUrl: string;
}

/**
 * Remix's Express adapter, except that a form body limitFormBodies has already read (so the
 * request stream is spent) is handed to Remix from memory; that a form post from one of our own
 * origins reaches Remix under the host its Origin names (cross-site-forms.ts, ownOriginHostOf), so
 * it gets the page's answer rather than Remix's empty 500; that a header the app sets replaces
 * the default set here (a page's own Referrer-Policy), instead of being added beside it; and that
 * a draft-mode page may be framed by the Studio it names (app/utils/frame-ancestors.ts).
 */
export function remixHandler({
  build,
  mode,
  getLoadContext,
  siteUrl,
}: RemixHandlerOptions): RequestHandler {
  const handle = createRequestHandler(build, mode);
  // The app runs in its request's context again here: a middleware before it may have called
  // next() from a stream's event (the body limits), which Node runs outside the context.
  return (request, response, next) =>
    runForRequest(requestIdOfResponse(response), async () => {
      try {
        let remixRequest = createRemixRequest(request, response);
        const formBody = formBodyOf(request);
        const originHost = ownOriginHostOf(request, siteUrl);
        if (formBody || originHost) {
          const headers = new Headers(remixRequest.headers);
          if (originHost) {
            headers.set('host', originHost);
            headers.delete('x-forwarded-host');
          }
          remixRequest = new Request(remixRequest, {
            headers,
            ...(formBody ? { body: formBody } : {}),
          });
        }
        const answer = await handle(remixRequest, await getLoadContext(request, response));
        // A draft-mode page names the Studio that may frame it; the header itself never leaves.
        const frameAncestors = answer.headers.get(FRAME_ANCESTORS_HEADER);
        answer.headers.delete(FRAME_ANCESTORS_HEADER);
        const policy = response.getHeader('Content-Security-Policy');
        if (frameAncestors && typeof policy === 'string') {
          response.setHeader('Content-Security-Policy', withFrameAncestors(policy, frameAncestors));
        }
        for (const name of answer.headers.keys()) {
          if (name !== 'set-cookie') response.removeHeader(name);
        }
        await sendRemixResponse(response, answer);
      } catch (error) {
        next(error);
      }
    });
}
