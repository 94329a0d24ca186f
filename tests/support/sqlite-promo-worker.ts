// A worker thread that plays another server process on the same SQLite file: it opens its own
// connection through the real adapter (loaded with Node's own type stripping; a resolve hook maps
// `~/` to app/ and adds the `.ts` the sources leave out), waits for the start signal shared with
// the other workers, then reserves a promo code for each of its bookings and posts the outcomes.
import { registerHooks } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

export interface PromoWorkerData {
  filename: string;
  code: string;
  maxUses: number;
  bookings: { bookingId: string; email: string }[];
  /** One Int32 set to 1 when every worker may start. */
  start: SharedArrayBuffer;
}

const appDir = fileURLToPath(new URL('../../app/', import.meta.url));

registerHooks({
  resolve(specifier, context, nextResolve) {
    const local = specifier.startsWith('~/')
      ? pathToFileURL(appDir + specifier.slice(2)).href
      : specifier.startsWith('.') && context.parentURL
        ? new URL(specifier, context.parentURL).href
        : null;
    if (local && !/\.[cm]?[jt]s$/.test(local) && existsSync(fileURLToPath(`${local}.ts`))) {
      return nextResolve(`${local}.ts`, context);
    }
    return nextResolve(specifier, context);
  },
});

const data = workerData as PromoWorkerData;
const { createSqlitePromoUseStore } = await import('~/store/sqlite-promo-use-store.server');
const store = createSqlitePromoUseStore({ filename: data.filename });
const start = new Int32Array(data.start);
parentPort?.postMessage({ ready: true });
Atomics.wait(start, 0, 0);
const outcomes = await Promise.all(
  data.bookings.map(({ bookingId, email }) =>
    store.reserve({
      code: data.code,
      email,
      bookingId,
      maxUses: data.maxUses,
      at: new Date().toISOString(),
    }),
  ),
);
await store.close();
parentPort?.postMessage({ outcomes });
