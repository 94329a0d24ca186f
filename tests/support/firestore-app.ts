// The site's request handler on the Firestore emulator, for a `describe` block: starts an emulator
// and the app with the Firestore variables set in beforeAll, and in afterAll closes the stores the
// suite opened, the app and the emulator. A suite calls it inside
// `describe.skipIf(!firestoreEmulatorAvailable)(firestoreSuiteName(…), …)`, so without the emulator
// it reports itself as skipped with the reason.
import { afterAll, beforeAll } from 'vitest';
import type * as StoreModule from '~/store/store.server';
import {
  firestoreEmulatorAvailable,
  firestoreEmulatorSkipReason,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from './firestore-emulator';
import { startRemixApp, type RemixApp } from './remix-app';
import { useTestEnvironment, type TestEnvironment } from './test-environment';

/** A suite's name, with the reason it is skipped when the emulator is not installed. */
export function firestoreSuiteName(name: string): string {
  return `${name}${firestoreEmulatorAvailable ? '' : ` (skipped: ${firestoreEmulatorSkipReason})`}`;
}

type StoreGetter = Exclude<keyof typeof StoreModule, 'default'>;

export interface FirestoreAppOptions {
  /** The emulator's project (`demo-…`, so nothing can reach a real project). */
  projectId: string;
  /** More environment for the app (a content dataset, say), read when the app starts. */
  env?: () => Record<string, string>;
  /** The stores the suite uses, closed after it (default: bookings and the audit log). */
  stores?: StoreGetter[];
}

export function useFirestoreApp({
  projectId,
  env: extra = () => ({}),
  stores = ['getBookingStore', 'getAuditLogStore'],
}: FirestoreAppOptions) {
  let emulator: FirestoreEmulator | undefined;
  let env: TestEnvironment | undefined;
  let app: RemixApp | undefined;

  beforeAll(async () => {
    emulator = await startFirestoreEmulator();
    env = useTestEnvironment({
      FIREBASE_PROJECT_ID: projectId,
      FIRESTORE_EMULATOR_HOST: emulator.host,
      ...extra(),
    });
    app = await startRemixApp();
    // The emulator and the app start together; on a busy machine that alone can take a minute.
  }, 180_000);

  afterAll(async () => {
    if (app) {
      const module = await app.load<typeof StoreModule>('/app/store/store.server.ts');
      for (const getter of stores) await module[getter]().close();
      await app.close();
    }
    env?.restore();
    await emulator?.stop();
  });

  return {
    app: (): RemixApp => {
      if (!app) throw new Error('The Firestore app has not started');
      return app;
    },
    env: (): TestEnvironment => {
      if (!env) throw new Error('The Firestore app has not started');
      return env;
    },
    emulator: (): FirestoreEmulator => {
      if (!emulator) throw new Error('The emulator has not started');
      return emulator;
    },
  };
}
