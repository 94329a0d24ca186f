// The request a piece of work is done for, carried through every await by AsyncLocalStorage: the
// HTTP server (server/request-log.ts) runs each request inside it, and every log line written while
// the request is handled carries its id (log.server.ts), down to store and provider errors.
// The server (server/index.ts, run from source) and the app (the Remix build, bundled) each load
// their own copy of this module, so the storage is kept on globalThis under one well-known key:
// both copies use the same one.
import { randomUUID } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
}

const KEY = Symbol.for('business-chauffeur.request-context');
const holder = globalThis as { [KEY]?: AsyncLocalStorage<RequestContext> };
const storage = (holder[KEY] ??= new AsyncLocalStorage<RequestContext>());

/** Runs `work` as part of the request with this id. */
export function runForRequest<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** The id of the request the current work is done for, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * A request id the client (or a proxy) sent, when it looks like one; a new one otherwise. Ids are
 * written to the log unmasked, so one with a card-like run of digits is replaced too.
 */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && /^[\w-]{8,64}$/.test(incoming) && !/(?:\d[-_]?){13}/.test(incoming)
    ? incoming
    : randomUUID();
}
