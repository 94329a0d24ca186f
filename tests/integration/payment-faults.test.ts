// Payment faults injected for real at the HTTP boundary, on a local stub of Stripe's API, through
// the site's real Remix request handler: a create that times out after Stripe made the payment is
// retried with the same idempotency key (one payment), and bookings whose webhook never arrived
// are settled by the reconciliation job (`npm run reconcile`, and on start-up).
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { bookingResponseSchema, type BookingResponse } from '@business-chauffeur/booking-contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as ReconcileModule from '~/booking/reconcile.server';
import type * as StoreModule from '~/store/store.server';
import { toStoredBooking } from '~/store/stored-booking.server';
import { sampleNewBooking } from '../support/booking-fixtures';
import { SEDAN, bookingBody, passenger } from '../support/quotes';
import { bookingAppHelpers } from '../support/booking-app';
import type { RemixApp } from '../support/remix-app';
import { closeStripeApp, startStripeApp, type StripeStub } from '../support/stripe-stub';
import type { TestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 60_000 });

let stub: StripeStub;
let env: TestEnvironment;
let app: RemixApp;

beforeAll(async () => {
  ({ stub, env, app } = await startStripeApp(
    { key: 'faults', webhookSecret: 'whsec_faults_test_secret' },
    // A short timeout, so a stalled request is retried quickly.
    { STRIPE_TIMEOUT_MS: '400' },
  ));
}, 180_000);

afterAll(() => closeStripeApp({ stub, env, app }));

const { saved, emailsFor } = bookingAppHelpers(
  () => app,
  () => env.dataDir,
);
const reconcile = async () =>
  (await app.load<typeof ReconcileModule>('/app/booking/reconcile.server.ts')).reconcilePayments();

let people = 0;
/** A booking request of its own (another passenger), so each test makes a new booking. */
function newBody() {
  people += 1;
  return bookingBody({ passenger: { ...passenger, email: `fault.${people}@example.com` } });
}

function book(body: unknown) {
  return app.request('/api/bookings', { method: 'POST', json: body });
}

async function booked(): Promise<BookingResponse> {
  const response = await book(newBody());
  expect(response.status, await response.clone().text()).toBe(201);
  return bookingResponseSchema.parse(await response.json());
}

const createsFor = (bookingId: string) =>
  stub.requests.filter(
    (request) =>
      request.method === 'POST' &&
      request.path === '/v1/payment_intents' &&
      request.form.get('metadata[bookingId]') === bookingId,
  );
const intentsFor = (bookingId: string) =>
  [...stub.intents.values()].filter((intent) => intent.metadata.bookingId === bookingId);

describe('the payment provider times out while creating a payment', () => {
  it('retries with the same idempotency key and gets the one payment Stripe made', async () => {
    stub.stallNext(1);
    const booking = await booked();
    const creates = createsFor(booking.bookingId);
    expect(creates).toHaveLength(2);
    const keys = new Set(creates.map((request) => request.headers['idempotency-key']));
    expect(keys).toEqual(new Set([`booking-${booking.bookingId}-payment-${SEDAN.fareCents}`]));
    const intents = intentsFor(booking.bookingId);
    expect(intents.map((intent) => intent.id)).toEqual([booking.payment.paymentIntentId]);
    expect((await saved(booking.bookingId)).paymentDetails.paymentIntentId).toBe(intents[0]?.id);
  });

  it('answers 502 when every try times out, and the customer’s retry still makes one payment', async () => {
    const body = newBody();
    stub.stallNext(3);
    const failed = await book(body);
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { error: { code: string } }).error.code).toBe(
      'payment_unavailable',
    );
    const retried = await book(body);
    expect(retried.status).toBe(200);
    const booking = bookingResponseSchema.parse(await retried.json());
    expect(intentsFor(booking.bookingId).map((intent) => intent.id)).toEqual([
      booking.payment.paymentIntentId,
    ]);
  });
});

describe('the webhook endpoint was down: reconciliation', () => {
  it('confirms a paid booking from the provider, sends its email once, and changes nothing on a second run', async () => {
    const booking = await booked();
    const intent = stub.intents.get(booking.payment.paymentIntentId);
    if (!intent) throw new Error('missing intent');
    // The customer paid; Stripe's webhook never reached the site.
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
    expect((await saved(booking.bookingId)).bookingStatus).toBe('DRAFT');

    const first = await reconcile();
    expect(first.confirmed).toBeGreaterThanOrEqual(1);
    const after = await saved(booking.bookingId);
    expect(after.bookingStatus).toBe('CONFIRMED');
    expect(after.paymentDetails.paymentRefId).toBe(intent.id);
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);

    await reconcile();
    expect(await saved(booking.bookingId)).toEqual(after);
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
  });

  it('rejects a booking whose payment failed, as the webhook would have', async () => {
    const booking = await booked();
    const intent = stub.intents.get(booking.payment.paymentIntentId);
    if (!intent) throw new Error('missing intent');
    intent.last_payment_error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    };
    await reconcile();
    const after = await saved(booking.bookingId);
    expect(after.bookingStatus).toBe('REJECTED');
    expect(after.paymentDetails.error).toMatchObject({ code: 'insufficient_funds' });
  });

  it('leaves an unpaid booking as it is', async () => {
    const booking = await booked();
    await reconcile();
    expect((await saved(booking.bookingId)).bookingStatus).toBe('DRAFT');
  });

  it('reports what it could not settle when the provider is down, and settles it on the next run', async () => {
    const booking = await booked();
    const intent = stub.intents.get(booking.payment.paymentIntentId);
    if (!intent) throw new Error('missing intent');
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
    stub.failNext(1000);
    let outage;
    try {
      outage = await reconcile();
    } finally {
      stub.failNext(0);
    }
    expect(outage.failed).toBeGreaterThanOrEqual(1);
    expect((await saved(booking.bookingId)).bookingStatus).toBe('DRAFT');
    await reconcile();
    expect((await saved(booking.bookingId)).bookingStatus).toBe('CONFIRMED');
  });

  it('confirms an older paid booking behind 2,500 newer drafts nobody paid for', async () => {
    const booking = await booked();
    const intent = stub.intents.get(booking.payment.paymentIntentId);
    if (!intent) throw new Error('missing intent');
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
    // A flood of drafts without a payment, all newer than the paid booking: what 2,500 abandoned
    // booking requests leave behind, written straight into the store's file in one transaction.
    const db = new DatabaseSync(path.join(env.dataDir, 'store.sqlite'));
    const insert = db.prepare(
      `INSERT INTO bookings (id, reference, idempotency_key, status, created_at, document)
       VALUES (?, ?, ?, 'DRAFT', ?, ?)`,
    );
    const start = Date.now() + 1000;
    db.exec('BEGIN IMMEDIATE');
    for (let index = 0; index < 2500; index += 1) {
      const id = `flood${String(index).padStart(15, '0')}`;
      const reference = `ZZ${index.toString(36).toUpperCase().padStart(6, '0')}`;
      const draft = sampleNewBooking({ createdAt: new Date(start + index * 1000).toISOString() });
      const document = toStoredBooking({ ...draft, id, reference });
      insert.run(id, reference, draft.idempotencyKey, draft.createdAt, JSON.stringify(document));
    }
    db.exec('COMMIT');
    db.close();
    // The newest 2,000 bookings (what reconciliation used to read) do not reach the paid one.
    const { getBookingStore } = await app.load<typeof StoreModule>('/app/store/store.server.ts');
    const newest = await getBookingStore().listBookings({ limit: 2000 });
    expect(newest.map((saved) => saved.id)).not.toContain(booking.bookingId);

    const summary = await reconcile();
    expect(summary.confirmed).toBeGreaterThanOrEqual(1);
    // Only bookings that hold a payment were read from the provider, not the 2,500 drafts.
    expect(summary.checked).toBeLessThan(100);
    expect((await saved(booking.bookingId)).bookingStatus).toBe('CONFIRMED');
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
  });
});
