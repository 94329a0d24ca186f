// Promo codes raced and misused through the API in Stripe mode: the real Remix request handler on
// a local stub of Stripe's API that answers each request after 0 to 400 ms, so applications, amount
// changes and payments reach and leave Stripe in any order; payments are confirmed by signed
// webhooks. The scenarios of tests/support/promo-races.ts.
import { afterAll, beforeAll, vi } from 'vitest';
import { promoRaceScenarios, raceCodes } from '../support/promo-races';
import type { RemixApp } from '../support/remix-app';
import { useSeedDatasetCopy } from '../support/seed-dataset-copy';
import {
  closeStripeApp,
  paymentIntentEvent,
  signStripePayload,
  startStripeApp,
  type StripeStub,
} from '../support/stripe-stub';
import type { TestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 120_000 });

const WEBHOOK_SECRET = 'whsec_promo_races_secret';
const seed = useSeedDatasetCopy();
seed.addDocuments(raceCodes());
let stub: StripeStub;
let env: TestEnvironment;
let app: RemixApp;

beforeAll(async () => {
  ({ stub, env, app } = await startStripeApp(
    { key: 'promoraces', webhookSecret: WEBHOOK_SECRET },
    { CONTENT_DATASET_PATH: seed.datasetPath },
  ));
  stub.setLatency(0, 400);
}, 180_000);

afterAll(async () => {
  await closeStripeApp({ stub, env, app });
  seed.remove();
});

promoRaceScenarios({
  app: () => app,
  dataDir: () => env.dataDir,
  async payAtProvider(booking) {
    // The customer's card is charged what the intent says now, as Stripe.js would.
    const intent = stub.intents.get(booking.payment.paymentIntentId);
    if (!intent) throw new Error('The booking has no payment at the stub.');
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    const payload = JSON.stringify(paymentIntentEvent('payment_intent.succeeded', intent));
    const response = await app.request('/api/webhooks/stripe', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': signStripePayload(payload, WEBHOOK_SECRET),
      },
      body: payload,
    });
    if (response.status !== 200) throw new Error(await response.text());
  },
});
