// A worker thread that plays another server instance running the settle pass: its own Vite SSR
// load of the app (so its own store connection or Firestore client, its own firebase-admin and
// mailer) on the environment the parent set, the same storage and outbox. It loads the pass, says
// it is ready, waits for the start signal shared with the parent, runs one pass and posts the
// summary.
import { parentPort, workerData } from 'node:worker_threads';
import { createServer } from 'vite';
import type * as SettlePassModule from '~/booking/settle-pass.server';
import type * as StoreModule from '~/store/store.server';

export interface SettlePassWorkerData {
  /** One Int32 set to 1 when the pass may start. */
  start: SharedArrayBuffer;
}

const data = workerData as SettlePassWorkerData;
const vite = await createServer({
  configFile: 'vite.config.ts',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  appType: 'custom',
  logLevel: 'error',
});
try {
  const { runSettlePass } = (await vite.ssrLoadModule(
    '/app/booking/settle-pass.server.ts',
  )) as typeof SettlePassModule;
  const { getBookingStore } = (await vite.ssrLoadModule(
    '/app/store/store.server.ts',
  )) as typeof StoreModule;
  // Opened before the start, as a running server's store is.
  getBookingStore();
  parentPort?.postMessage({ ready: true });
  Atomics.wait(new Int32Array(data.start), 0, 0);
  const summary = await runSettlePass();
  await getBookingStore().close();
  parentPort?.postMessage({ summary });
} finally {
  await vite.close();
}
