// One way to start the firebase-admin app of an adapter (the Firestore stores, Firebase Auth):
// the service account when one is configured, none against the emulators. Each adapter gets an app
// of its own, named apart, so closing one store never closes another's connection.
import { cert, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

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

/** A Firestore client on an app of its own (see initializeFirebaseApp); close with deleteApp(app). */
export function openFirestore(
  options: FirestoreOptions,
  name: string,
): { app: App; db: Firestore } {
  const app = initializeFirebaseApp(options, name);
  const db = getFirestore(app);
  db.settings({
    ignoreUndefinedProperties: true,
    ...(options.emulatorHost ? { host: options.emulatorHost, ssl: false } : {}),
  });
  return { app, db };
}
