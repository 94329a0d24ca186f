// Promo codes raced and misused through the API on the embedded adapters (SQLite, the sandbox's
// payments): the scenarios of tests/support/promo-races.ts.
import { afterAll } from 'vitest';
import { bookingApiSuite } from '../support/booking-api';
import { promoRaceScenarios, raceCodes } from '../support/promo-races';
import { useSeedDatasetCopy } from '../support/seed-dataset-copy';

const seed = useSeedDatasetCopy();
seed.addDocuments(raceCodes());
afterAll(() => seed.remove());

const { app, env, pay } = bookingApiSuite({ CONTENT_DATASET_PATH: seed.datasetPath });

promoRaceScenarios({
  app: () => app,
  dataDir: () => env.dataDir,
  async payAtProvider(booking) {
    await pay(booking);
  },
});
