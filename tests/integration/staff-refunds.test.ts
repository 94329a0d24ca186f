// Staff refunds through the real app modules, on the embedded store (SQLite) and on Firestore
// (its emulator, started here): racing refunds never add up to more than was paid, the same form
// sent twice refunds once, each refund is in the audit log, and the customer gets one email each.
import { bookingResponseSchema, type BookingResponse } from '@business-chauffeur/booking-contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as RefundsModule from '~/staff/refunds.server';
import type * as StoreModule from '~/store/store.server';
import { firestoreSuiteName, useFirestoreApp } from '../support/firestore-app';
import { firestoreEmulatorAvailable } from '../support/firestore-emulator';
import { bookingBody } from '../support/quotes';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { useTestEnvironment, type TestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 60_000 });

const STAFF = 'dispatch@businesschauffeur.example';

async function paidBooking(app: RemixApp): Promise<BookingResponse> {
  const response = await app.request('/api/bookings', { method: 'POST', json: bookingBody() });
  expect(response.status, await response.clone().text()).toBe(201);
  const booking = bookingResponseSchema.parse(await response.json());
  const paid = await app.request(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
    method: 'POST',
    json: {
      clientSecret: booking.payment.clientSecret,
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
      termsAccepted: true,
    },
  });
  await expect(paid.json()).resolves.toMatchObject({ status: 'CONFIRMED' });
  return booking;
}

function refundSuite(kind: 'sqlite' | 'firestore', getApp: () => RemixApp) {
  const modules = async () => ({
    refunds: await getApp().load<typeof RefundsModule>('/app/staff/refunds.server.ts'),
    store: await getApp().load<typeof StoreModule>('/app/store/store.server.ts'),
  });

  it(`never refunds more than was paid when refunds race (${kind})`, async () => {
    const { refunds, store } = await modules();
    expect(store.getBookingStore().kind).toBe(kind);
    const { bookingId } = await paidBooking(getApp());
    const booking = (await store.getBookingStore().getBooking(bookingId))!;
    const paid = refunds.paidCents(booking);
    // Each takes a little over a third: two fit, the others must be refused.
    const share = Math.floor(paid / 3) + 1;
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        refunds.refundBooking({
          bookingId,
          amountCents: share,
          reason: 'Driver was 20 minutes late',
          key: `race-${kind}-${index}`,
          by: STAFF,
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(2);
    for (const outcome of outcomes.filter((outcome) => !outcome.ok)) {
      expect(outcome).toMatchObject({ ok: false, reason: 'exceeds' });
    }
    const after = (await store.getBookingStore().getBooking(bookingId))!;
    expect(after.refundCents).toBe(2 * share);
    expect(after.refunds?.map((refund) => refund.status)).toEqual(['succeeded', 'succeeded']);
    const audit = await store.getAuditLogStore().listFor(bookingId);
    expect(audit.map((entry) => [entry.action, entry.by, entry.after.refund])).toEqual([
      ['refund', STAFF, share],
      ['refund', STAFF, share],
    ]);
  });

  it(`refunds once for the same form sent twice, even at once (${kind})`, async () => {
    const { refunds, store } = await modules();
    const { bookingId } = await paidBooking(getApp());
    const request = {
      bookingId,
      amountCents: 5000,
      reason: 'Air conditioning was broken',
      key: `twice-${kind}`,
      by: STAFF,
    };
    const [first, second] = await Promise.all([
      refunds.refundBooking(request),
      refunds.refundBooking(request),
    ]);
    const third = await refunds.refundBooking(request);
    for (const outcome of [first, second, third]) {
      // The copy that found the other's pending refund finishes it (same provider key).
      expect(outcome).toMatchObject({
        ok: true,
        refund: { key: `twice-${kind}`, amountCents: 5000 },
      });
    }
    const after = (await store.getBookingStore().getBooking(bookingId))!;
    expect(after.refundCents).toBe(5000);
    expect(after.refunds).toHaveLength(1);
    // Told once: one audit entry.
    await expect(store.getAuditLogStore().listFor(bookingId)).resolves.toHaveLength(1);
  });

  it(`refuses a booking that was never paid (${kind})`, async () => {
    const { refunds } = await modules();
    const response = await getApp().request('/api/bookings', {
      method: 'POST',
      json: bookingBody(),
    });
    const { bookingId } = bookingResponseSchema.parse(await response.json());
    await expect(
      refunds.refundBooking({
        bookingId,
        amountCents: 100,
        reason: 'Test',
        key: 'unpaid',
        by: STAFF,
      }),
    ).resolves.toEqual({
      ok: false,
      reason: 'not-paid',
      message: 'Only a paid booking can be refunded.',
    });
  });
}

describe('staff refunds on the embedded store', () => {
  let env: TestEnvironment;
  let app: RemixApp;
  beforeAll(async () => {
    env = useTestEnvironment();
    app = await startRemixApp();
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    env?.restore();
  });
  refundSuite('sqlite', () => app);
});

describe.skipIf(!firestoreEmulatorAvailable)(
  firestoreSuiteName('staff refunds on Firestore'),
  () => {
    const firestore = useFirestoreApp({ projectId: 'demo-business-chauffeur-refunds' });
    refundSuite('firestore', firestore.app);
  },
);
