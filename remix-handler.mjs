// Remix behind Express (server.mjs, and the tests that mount the app the same way).
// The adapter's own request and response conversions, which its package entry does not export
// (the version is pinned exactly in package.json).
import { createRemixRequest, sendRemixResponse } from '@remix-run/express/dist/server.js';
import { createRequestHandler } from '@remix-run/node';

/**
 * Remix's Express adapter, except that a form body limitFormBodies has already read (so the
 * request stream is spent) is handed to Remix from memory, and that a header the app sets replaces
 * the default set here (a page's own Referrer-Policy), instead of being added beside it.
 */
export function remixHandler({ build, mode, getLoadContext }) {
  const handle = createRequestHandler(build, mode);
  return async (request, response, next) => {
    try {
      let remixRequest = createRemixRequest(request, response);
      if (Buffer.isBuffer(request.formBody)) {
        remixRequest = new Request(remixRequest, { body: request.formBody });
      }
      const answer = await handle(remixRequest, await getLoadContext(request, response));
      for (const name of answer.headers.keys()) {
        if (name !== 'set-cookie') response.removeHeader(name);
      }
      await sendRemixResponse(response, answer);
    } catch (error) {
      next(error);
    }
  };
}
