// Picks the adapter of every store port for this process from the configuration, once each:
// Firestore when its variables are set, else the SQLite file under DATA_DIR. One port per kind of
// record (docs/decisions/025-one-port-per-kind-of-record.md); all of them share one database.
import { getConfig } from '~/utils/env.server';
import type { ApplicationStore } from './application-store.server';
import type { AuditLogStore } from './audit-log-store.server';
import type { BookingStore } from './booking-store.server';
import type { DispatchStore } from './dispatch-store.server';
import type { FeedbackStore } from './feedback-store.server';
import type { FirestoreOptions } from './firebase-app.server';
import { createFirestoreApplicationStore } from './firestore-application-store.server';
import { createFirestoreAuditLogStore } from './firestore-audit-log-store.server';
import { createFirestoreBookingStore } from './firestore-booking-store.server';
import { createFirestoreDispatchStore } from './firestore-dispatch-store.server';
import { createFirestoreFeedbackStore } from './firestore-feedback-store.server';
import { createFirestoreJobStore } from './firestore-job-store.server';
import { createFirestoreLimitStore } from './firestore-limit-store.server';
import { createFirestorePromoUseStore } from './firestore-promo-use-store.server';
import { createFirestoreSessionStore } from './firestore-session-store.server';
import { createFirestoreUserStore } from './firestore-user-store.server';
import { createFirestoreVitalsStore } from './firestore-vitals-store.server';
import type { JobStore } from './job-store.server';
import type { LimitStore } from './limit-store.server';
import type { PromoUseStore } from './promo-use-store.server';
import type { SessionStore } from './session-store.server';
import { createSqliteApplicationStore } from './sqlite-application-store.server';
import { createSqliteAuditLogStore } from './sqlite-audit-log-store.server';
import { createSqliteBookingStore } from './sqlite-booking-store.server';
import { sqliteStorePath } from './sqlite-database.server';
import { createSqliteDispatchStore } from './sqlite-dispatch-store.server';
import { createSqliteFeedbackStore } from './sqlite-feedback-store.server';
import { createSqliteJobStore } from './sqlite-job-store.server';
import { createSqliteLimitStore, sqliteLimitsPath } from './sqlite-limit-store.server';
import { createSqlitePromoUseStore } from './sqlite-promo-use-store.server';
import { createSqliteSessionStore } from './sqlite-session-store.server';
import { createSqliteUserStore } from './sqlite-user-store.server';
import { createSqliteVitalsStore } from './sqlite-vitals-store.server';
import type { UserStore } from './user-store.server';
import type { VitalsStore } from './vitals-store.server';

/**
 * A getter that opens the configured adapter on first use and keeps it. An adapter that fails to
 * open (StoreUnavailableError) is not kept: the next call tries again.
 */
function configuredStore<T>(adapters: {
  sqlite: (options: { filename: string }) => T;
  firestore: (options: FirestoreOptions) => T;
}): () => T {
  let store: T | undefined;
  return () => {
    if (store === undefined) {
      const { store: config, dataDir } = getConfig();
      store =
        config.adapter === 'firestore'
          ? adapters.firestore({
              projectId: config.projectId,
              clientEmail: config.clientEmail,
              privateKey: config.privateKey,
              emulatorHost: config.emulatorHost,
            })
          : adapters.sqlite({ filename: sqliteStorePath(dataDir) });
    }
    return store;
  };
}

/** Bookings and payment events (and the readiness checks of the store). */
export const getBookingStore: () => BookingStore = configuredStore({
  sqlite: createSqliteBookingStore,
  firestore: createFirestoreBookingStore,
});

/** The profiles of customer accounts. */
export const getUserStore: () => UserStore = configuredStore({
  sqlite: createSqliteUserStore,
  firestore: createFirestoreUserStore,
});

/** Feedback & Complaints messages. */
export const getFeedbackStore: () => FeedbackStore = configuredStore({
  sqlite: createSqliteFeedbackStore,
  firestore: createFirestoreFeedbackStore,
});

/** Applications to drive for the business. */
export const getApplicationStore: () => ApplicationStore = configuredStore({
  sqlite: createSqliteApplicationStore,
  firestore: createFirestoreApplicationStore,
});

/** Where the rate limits count: the configured store, so every instance shares the counts. */
export const getLimitStore: () => LimitStore = configuredStore({
  // Their own file beside the store's: see sqlite-limit-store.server.ts.
  sqlite: ({ filename }) => createSqliteLimitStore({ filename: sqliteLimitsPath(filename) }),
  firestore: createFirestoreLimitStore,
});

/** Where sessions are recorded: the configured store, so a sign-out holds on every instance. */
export const getSessionStore: () => SessionStore = configuredStore({
  sqlite: createSqliteSessionStore,
  firestore: createFirestoreSessionStore,
});

/** The uses of promo codes: reserved, consumed and released with the bookings that apply them. */
export const getPromoUseStore: () => PromoUseStore = configuredStore({
  sqlite: createSqlitePromoUseStore,
  firestore: createFirestorePromoUseStore,
});

/** What staff did (refunds, cancellations, changes), append-only. */
export const getAuditLogStore: () => AuditLogStore = configuredStore({
  sqlite: createSqliteAuditLogStore,
  firestore: createFirestoreAuditLogStore,
});

/** Real visitors' Web Vitals per route, metric and Queensland day (p75 summaries). */
export const getVitalsStore: () => VitalsStore = configuredStore({
  sqlite: (options) => createSqliteVitalsStore(options),
  firestore: (options) => createFirestoreVitalsStore(options),
});

/** Jobs due at a time and the ledger of the notifications they send (app/jobs/). */
export const getJobStore: () => JobStore = configuredStore({
  sqlite: createSqliteJobStore,
  firestore: createFirestoreJobStore,
});

/** Chauffeurs, cars and each booking's job (who drives it, in which car, when). */
export const getDispatchStore: () => DispatchStore = configuredStore({
  sqlite: createSqliteDispatchStore,
  firestore: createFirestoreDispatchStore,
});
