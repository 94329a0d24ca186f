// What booking tests ask of the app they started: its store (the same instance the handler uses),
// a saved booking by id (as the server sees it, and as stored), and the emails written to its
// outbox about one booking.
import { DatabaseSync } from 'node:sqlite';
import { listOutbox, outboxPath } from '~/mail/outbox-mailer.server';
import type { Booking } from '~/store/booking-store.server';
import { sqliteStorePath } from '~/store/sqlite-database.server';
import type { StoredBooking } from '~/store/stored-booking.server';
import type * as StoreModule from '~/store/store.server';
import { afterAll, beforeAll, vi } from 'vitest';
import { startRemixApp, type RemixApp } from './remix-app';
import { useTestEnvironment } from './test-environment';

export function bookingAppHelpers(app: () => RemixApp, dataDir: () => string) {
  const store = async () =>
    (await app().load<typeof StoreModule>('/app/store/store.server.ts')).getBookingStore();
  return {
    store,
    /** The booking the store gives the server. */
    async booking(id: string): Promise<Booking> {
      const booking = await (await store()).getBooking(id);
      if (!booking) throw new Error(`The booking ${id} was not saved.`);
      return booking;
    },
    /** The booking's document as the collection holds it (the layout the client's tools read). */
    saved(id: string): Promise<StoredBooking> {
      return Promise.resolve(storedDocument(dataDir(), id));
    },
    async emailsFor(reference: string) {
      return (await listOutbox(outboxPath(dataDir()))).filter((entry) =>
        entry.subject.includes(reference),
      );
    },
  };
}

/** A booking's document as the embedded store's file holds it, read past the store. */
export function storedDocument(dataDir: string, id: string): StoredBooking {
  const db = new DatabaseSync(sqliteStorePath(dataDir), { readOnly: true });
  try {
    const row = db.prepare('SELECT document FROM bookings WHERE id = ?').get(id);
    if (!row) throw new Error(`The booking ${id} was not saved.`);
    return JSON.parse(String(row.document)) as StoredBooking;
  } finally {
    db.close();
  }
}

/**
 * A real Remix request handler on the embedded adapters for one test file: started before its
 * tests, closed after them. `app` may be taken at once; its calls reach the started app.
 */
export function remixAppForFile(extraEnv: Record<string, string | undefined> = {}) {
  // Each file starts a real server; on a busy machine a step can take seconds.
  vi.setConfig({ testTimeout: 60_000 });
  const env = useTestEnvironment(extraEnv);
  let current: RemixApp | undefined;
  // Starting the app can take a minute on a busy machine.
  beforeAll(async () => {
    current = await startRemixApp();
  }, 180_000);
  afterAll(async () => {
    await current?.close();
    env.restore();
  });
  const started = () => {
    if (!current) throw new Error('The app is not started yet.');
    return current;
  };
  const app: Pick<RemixApp, 'request' | 'load'> = {
    request: (...args) => started().request(...args),
    load: (modulePath) => started().load(modulePath),
  };
  return { env, app, started };
}
