// Picks the BookingStore adapter (and the stores beside it on the same database: rate-limit
// counters, sessions) for this process from the configuration, once: Firestore when its variables
// are set, else the SQLite file under DATA_DIR.
import { getConfig } from '~/utils/env.server';
import type { BookingStore } from './booking-store.server';
import { createFirestoreBookingStore } from './firestore-booking-store.server';
import { createFirestoreLimitStore } from './firestore-limit-store.server';
import { createFirestoreSessionStore } from './firestore-session-store.server';
import type { LimitStore } from './limit-store.server';
import { createSqliteLimitStore } from './sqlite-limit-store.server';
import { createSqliteBookingStore, sqliteStorePath } from './sqlite-booking-store.server';
import type { SessionStore } from './session-store.server';
import { createSqliteSessionStore } from './sqlite-session-store.server';

let store: BookingStore | undefined;

export function getBookingStore(): BookingStore {
  if (!store) {
    const config = getConfig();
    store =
      config.store.adapter === 'firestore'
        ? createFirestoreBookingStore({
            projectId: config.store.projectId,
            clientEmail: config.store.clientEmail,
            privateKey: config.store.privateKey,
            emulatorHost: config.store.emulatorHost,
          })
        : createSqliteBookingStore({ filename: sqliteStorePath(config.dataDir) });
  }
  return store;
}

let limitStore: LimitStore | undefined;

/** Where the rate limits count: the configured store, so every instance shares the counts. */
export function getLimitStore(): LimitStore {
  if (!limitStore) {
    const config = getConfig();
    limitStore =
      config.store.adapter === 'firestore'
        ? createFirestoreLimitStore({
            projectId: config.store.projectId,
            clientEmail: config.store.clientEmail,
            privateKey: config.store.privateKey,
            emulatorHost: config.store.emulatorHost,
          })
        : createSqliteLimitStore({ filename: sqliteStorePath(config.dataDir) });
  }
  return limitStore;
}

let sessionStore: SessionStore | undefined;

/** Where sessions are recorded: the configured store, so a sign-out holds on every instance. */
export function getSessionStore(): SessionStore {
  if (!sessionStore) {
    const config = getConfig();
    sessionStore =
      config.store.adapter === 'firestore'
        ? createFirestoreSessionStore({
            projectId: config.store.projectId,
            clientEmail: config.store.clientEmail,
            privateKey: config.store.privateKey,
            emulatorHost: config.store.emulatorHost,
          })
        : createSqliteSessionStore({ filename: sqliteStorePath(config.dataDir) });
  }
  return sessionStore;
}
