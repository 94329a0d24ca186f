// Limits on request bodies, before any of it is kept in memory. The site's HTML forms (sign-in,
// contact, the chauffeur application…) send a few kilobytes and upload no files, so a form post
// over FORM_BODY_LIMIT is refused with 413 at once when its Content-Length says so, and as soon as
// that many bytes have arrived when it is sent in chunks. A body within the limit is read here and
// handed to Remix whole (remix-handler.ts). The JSON API under /api/ reads its own bodies with its
// own limits (app/utils/json-body.server.ts); for it this module only makes sure that what is left
// of a refused body is thrown away, so the answer reaches the client and the connection stays
// usable.
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { sendRefusal } from './refusal-page.ts';

export const FORM_BODY_LIMIT = 64 * 1024;
/**
 * What is read and thrown away after a refusal, so the client finishes sending and reads the
 * answer; a client still sending beyond this is disconnected.
 */
export const DISCARD_LIMIT = 1024 * 1024;

export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A form post to one of the site's pages (any unsafe method outside the JSON API). */
export function isPageFormPost(request: Request): boolean {
  return UNSAFE_METHODS.has(request.method) && !request.path.startsWith('/api/');
}

const discarding = new WeakSet<IncomingMessage>();
const formBodies = new WeakMap<IncomingMessage, Buffer<ArrayBuffer>>();

/** The form body limitFormBodies read for this request, if it read one. */
export function formBodyOf(request: IncomingMessage): Buffer<ArrayBuffer> | undefined {
  return formBodies.get(request);
}

/**
 * Reads and drops the rest of a request body nobody will read, up to `limit` bytes; past that the
 * connection is closed. Listeners still attached (a stream Remix stopped reading) are removed
 * first, so nothing is kept.
 */
export function discardRest(request: IncomingMessage, limit = DISCARD_LIMIT): void {
  if (request.complete || request.destroyed || discarding.has(request)) return;
  discarding.add(request);
  request.removeAllListeners('data');
  let discarded = 0;
  request.on('data', (chunk: Buffer) => {
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
export function discardUnreadBodies({ limit = DISCARD_LIMIT } = {}): RequestHandler {
  return (request, response, next) => {
    response.on('finish', () => discardRest(request, limit));
    next();
  };
}

const TOO_LARGE = {
  status: 413,
  title: 'This form is too large',
  explanation:
    'What was sent is much larger than any of our forms, so it was not read. ' +
    'Nothing was saved or changed.',
  linkText: 'Open the form again',
};

/**
 * Express middleware for form posts to the site's pages: a body over `maxBytes` is answered 413
 * without being kept; one within it is read whole, for remix-handler.ts to pass to Remix.
 */
export function limitFormBodies({
  maxBytes = FORM_BODY_LIMIT,
  discardLimit = DISCARD_LIMIT,
} = {}): RequestHandler {
  return (request, response, next) => {
    if (!isPageFormPost(request)) return next();
    const refuse = () => {
      sendRefusal(request, response, TOO_LARGE);
      discardRest(request, discardLimit);
    };
    const declared = request.get('content-length');
    if (declared !== undefined && !(Number(declared) <= maxBytes)) return refuse();
    const chunks: Buffer[] = [];
    let total = 0;
    const stop = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    function onData(chunk: Buffer) {
      total += chunk.length;
      if (total > maxBytes) {
        stop();
        chunks.length = 0;
        refuse();
        return;
      }
      chunks.push(chunk);
    }
    function onEnd() {
      stop();
      formBodies.set(request, Buffer.concat(chunks));
      next();
    }
    function onError(error: Error) {
      stop();
      next(error);
    }
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    return undefined;
  };
}
