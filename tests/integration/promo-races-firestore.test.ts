// Promo codes raced and misused through the API on the hosted store: the real Remix request handler
// on the Firestore emulator (bookings and promo uses in Firestore transactions), with the sandbox's
// payments: the scenarios of tests/support/promo-races.ts.
import { afterAll, describe, vi } from 'vitest';
import { firestoreEmulatorAvailable } from '../support/firestore-emulator';
import { firestoreSuiteName, useFirestoreApp } from '../support/firestore-app';
import { promoRaceScenarios, raceCodes } from '../support/promo-races';
import { useSeedDatasetCopy } from '../support/seed-dataset-copy';

vi.setConfig({ testTimeout: 120_000 });

describe.skipIf(!firestoreEmulatorAvailable)(firestoreSuiteName('promo codes on Firestore'), () => {
  const seed = useSeedDatasetCopy();
  seed.addDocuments(raceCodes());
  const firestore = useFirestoreApp({
    projectId: 'demo-business-chauffeur-promo',
    env: () => ({ CONTENT_DATASET_PATH: seed.datasetPath }),
    stores: ['getBookingStore', 'getPromoUseStore'],
  });
  afterAll(() => seed.remove());

  promoRaceScenarios({
    app: firestore.app,
    dataDir: () => firestore.env().dataDir,
    async payAtProvider(booking) {
      const response = await firestore
        .app()
        .request(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
          method: 'POST',
          json: {
            clientSecret: booking.payment.clientSecret,
            card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
            termsAccepted: true,
          },
        });
      if (response.status !== 200) throw new Error(await response.text());
    },
  });
});
