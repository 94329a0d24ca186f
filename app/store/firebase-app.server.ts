// One way to start the firebase-admin app of an adapter (the Firestore stores, Firebase Auth):
// the service account when one is configured, none against the emulators. Each adapter gets an app
// of its own, named apart, so closing one store never closes another's connection.
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { guardFirestore } from './firestore-errors.server';
import { StoreUnavailableError } from './store-errors.server';

export interface FirebaseProjectOptions {
  projectId: string;
  /** Service account; not needed with the emulators. */
  clientEmail?: string;
  privateKey?: string;
}

export interface FirestoreOptions extends FirebaseProjectOptions {
  /** host:port of the Firestore emulator (FIRESTORE_EMULATOR_HOST). */
  emulatorHost?: string;
}

let appCount = 0;

/** A new firebase-admin app for the project, named after its user ("booking-store-3"). */
export function initializeFirebaseApp(options: FirebaseProjectOptions, name: string): App {
  appCount += 1;
  return initializeApp(
    {
      projectId: options.projectId,
      ...(options.clientEmail && options.privateKey
        ? {
            credential: cert({
              projectId: options.projectId,
              clientEmail: options.clientEmail,
              privateKey: options.privateKey,
            }),
          }
        : {}),
    },
    `${name}-${appCount}`,
  );
}

export interface FirestoreConnection {
  app: App;
  db: Firestore;
  /**
   * Runs one call of the adapter: refused once closed, and every failure translated into a store
   * error at this edge (fromFirestoreError), named after the store ("user store").
   */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Deletes the app; closing twice is not an error. */
  close(): Promise<void>;
}

/** A Firestore client on an app of its own (see initializeFirebaseApp), named "user-store-2". */
export function openFirestore(options: FirestoreOptions, name: string): FirestoreConnection {
  const app = initializeFirebaseApp(options, name);
  const db = getFirestore(app);
  db.settings({
    ignoreUndefinedProperties: true,
    ...(options.emulatorHost ? { host: options.emulatorHost, ssl: false } : {}),
  });
  const store = name.replace(/-/g, ' ');
  let closing: Promise<void> | undefined;
  return {
    app,
    db,
    run: (work) =>
      closing
        ? Promise.reject(new StoreUnavailableError(`The ${store} is closed.`))
        : guardFirestore(store, work),
    close: () => (closing ??= deleteApp(app)),
  };
}
