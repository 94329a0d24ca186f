// Picks the BookingStore adapter for this process from the configuration, once: Firestore when its
// variables are set, else the SQLite file under DATA_DIR.
import { getConfig } from '~/utils/env.server';
import type { BookingStore } from './booking-store.server';
import { createFirestoreBookingStore } from './firestore-booking-store.server';
import { createSqliteBookingStore, sqliteStorePath } from './sqlite-booking-store.server';

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
