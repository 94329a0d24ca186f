// Promo codes raced and misused through the API on the hosted store: the real Remix request handler
// on the Firestore emulator (bookings and promo uses in Firestore transactions), with the sandbox's
// payments: the scenarios of tests/support/promo-races.ts.
import { afterAll, beforeAll, describe, vi } from 'vitest';
import type * as StoreModule from '~/store/store.server';
import {
  firestoreEmulatorAvailable,
  firestoreEmulatorSkipReason,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from '../support/firestore-emulator';
import { promoRaceScenarios, raceCodes } from '../support/promo-races';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { useSeedDatasetCopy } from '../support/seed-dataset-copy';
import { useTestEnvironment, type TestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 120_000 });

describe.skipIf(!firestoreEmulatorAvailable)(
  `promo codes on Firestore${firestoreEmulatorAvailable ? '' : ` (skipped: ${firestoreEmulatorSkipReason})`}`,
  () => {
    const seed = useSeedDatasetCopy();
    seed.addDocuments(raceCodes());
    let emulator: FirestoreEmulator;
    let env: TestEnvironment;
    let app: RemixApp;

    beforeAll(async () => {
      emulator = await startFirestoreEmulator();
      env = useTestEnvironment({
        FIREBASE_PROJECT_ID: 'demo-business-chauffeur-promo',
        FIRESTORE_EMULATOR_HOST: emulator.host,
        CONTENT_DATASET_PATH: seed.datasetPath,
      });
      app = await startRemixApp();
    }, 180_000);

    afterAll(async () => {
      if (app) {
        const store = await app.load<typeof StoreModule>('/app/store/store.server.ts');
        await store.getBookingStore().close();
        await store.getPromoUseStore().close();
        await app.close();
      }
      env?.restore();
      await emulator?.stop();
      seed.remove();
    });

    promoRaceScenarios({
      app: () => app,
      dataDir: () => env.dataDir,
      async payAtProvider(booking) {
        const response = await app.request(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
          method: 'POST',
          json: {
            clientSecret: booking.payment.clientSecret,
            card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
          },
        });
        if (response.status !== 200) throw new Error(await response.text());
      },
    });
  },
);
