// Limits on request bodies, before any of it is kept in memory. The site's HTML forms (sign-in,
// contact, the chauffeur application…) send a few kilobytes and upload no files, so a form post
// over FORM_BODY_LIMIT is refused with 413 at once when its Content-Length says so, and as soon as
// that many bytes have arrived when it is sent in chunks. A body within the limit is read here and
// handed to Remix whole (server.mjs). The JSON API under /api/ reads its own bodies with its own
// limits (app/utils/json-body.server.ts); for it this module only makes sure that what is left of
// a refused body is thrown away, so the answer reaches the client and the connection stays usable.

export const FORM_BODY_LIMIT = 64 * 1024;
/**
 * What is read and thrown away after a refusal, so the client finishes sending and reads the
 * answer; a client still sending beyond this is disconnected.
 */
export const DISCARD_LIMIT = 1024 * 1024;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Reads and drops the rest of a request body nobody will read, up to `limit` bytes; past that the
 * connection is closed. Listeners still attached (a stream Remix stopped reading) are removed
 * first, so nothing is kept.
 */
const DISCARDING = Symbol('discarding');

export function discardRest(request, limit = DISCARD_LIMIT) {
  if (request.complete || request.destroyed || request[DISCARDING]) return;
  request[DISCARDING] = true;
  request.removeAllListeners('data');
  let discarded = 0;
  request.on('data', (chunk) => {
    discarded += chunk.length;
    if (discarded > limit) request.destroy();
  });
  request.resume();
}

/**
 * Express middleware for every request: once the answer is sent, any part of the body that was
 * never read is discarded (with the limit above) instead of being left in the socket, where it
 * would hold the connection or, with Node's own clean-up, be read without any limit.
 */
export function discardUnreadBodies({ limit = DISCARD_LIMIT } = {}) {
  return (request, response, next) => {
    response.on('finish', () => discardRest(request, limit));
    next();
  };
}

function escapeHtml(text) {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}

function refuse(request, response) {
  if (response.headersSent) return;
  const page = escapeHtml(request.path);
  response
    .status(413)
    .set('Cache-Control', 'private, no-store')
    .type('html')
    .send(
      `<!DOCTYPE html><html lang="en-AU"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>This form is too large | Business Chauffeur</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5">` +
        `<h1>This form is too large</h1>` +
        `<p>What was sent is much larger than any of our forms, so it was not read. ` +
        `Nothing was saved or changed.</p>` +
        `<p><a href="${page}">Open the form again</a></p></body></html>`,
    );
}

/**
 * Express middleware for form posts to the site's pages (any unsafe method outside /api/): a body
 * over `maxBytes` is answered 413 without being kept; one within it is read into
 * `request.formBody` (a Buffer) for server.mjs to pass to Remix.
 */
export function limitFormBodies({ maxBytes = FORM_BODY_LIMIT, discardLimit = DISCARD_LIMIT } = {}) {
  return (request, response, next) => {
    if (!UNSAFE_METHODS.has(request.method) || request.path.startsWith('/api/')) return next();
    const declared = request.get('content-length');
    if (declared !== undefined && !(Number(declared) <= maxBytes)) {
      refuse(request, response);
      discardRest(request, discardLimit);
      return undefined;
    }
    const chunks = [];
    let total = 0;
    const stop = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    function onData(chunk) {
      total += chunk.length;
      if (total > maxBytes) {
        stop();
        chunks.length = 0;
        refuse(request, response);
        discardRest(request, discardLimit);
        return;
      }
      chunks.push(chunk);
    }
    function onEnd() {
      stop();
      request.formBody = Buffer.concat(chunks);
      next();
    }
    function onError(error) {
      stop();
      next(error);
    }
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    return undefined;
  };
}
