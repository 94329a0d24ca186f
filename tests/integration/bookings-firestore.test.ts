// The booking flow on the hosted store: the real Remix request handler configured with
// FIREBASE_PROJECT_ID and FIRESTORE_EMULATOR_HOST (the emulator of the machine image, started here),
// from booking to CONFIRMED to lookup, with the documents where staff tools expect them.
import { bookingResponseSchema } from '@business-chauffeur/booking-contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as StoreModule from '~/store/store.server';
import { bookingBody, passenger } from '../support/quotes';
import {
  firestoreEmulatorAvailable,
  firestoreEmulatorSkipReason,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from '../support/firestore-emulator';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { useTestEnvironment, type TestEnvironment } from '../support/test-environment';

// Each file starts a real server (and an emulator); on a busy machine a step can take seconds.
vi.setConfig({ testTimeout: 60_000 });

const PROJECT_ID = 'demo-business-chauffeur-flow';

describe.skipIf(!firestoreEmulatorAvailable)(
  `booking flow on Firestore${firestoreEmulatorAvailable ? '' : ` (skipped: ${firestoreEmulatorSkipReason})`}`,
  () => {
    let emulator: FirestoreEmulator;
    let env: TestEnvironment;
    let app: RemixApp;

    beforeAll(async () => {
      emulator = await startFirestoreEmulator();
      env = useTestEnvironment({
        FIREBASE_PROJECT_ID: PROJECT_ID,
        FIRESTORE_EMULATOR_HOST: emulator.host,
      });
      app = await startRemixApp();
      // The emulator and the app start together; on a busy machine that alone can take a minute.
    }, 180_000);

    afterAll(async () => {
      if (app) {
        const store = await app.load<typeof StoreModule>('/app/store/store.server.ts');
        await store.getBookingStore().close();
        await app.close();
      }
      env?.restore();
      await emulator?.stop();
    });

    it('books, pays, confirms and finds the booking in Firestore', async () => {
      const store = (
        await app.load<typeof StoreModule>('/app/store/store.server.ts')
      ).getBookingStore();
      expect(store.kind).toBe('firestore');

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

      const stored = await fetch(
        `${emulator.baseUrl}/v1/projects/${PROJECT_ID}/databases/(default)/documents/bookings/${booking.bookingId}`,
        { headers: { Authorization: 'Bearer owner' } },
      );
      const document = (await stored.json()) as {
        fields: Record<string, { stringValue?: string }>;
      };
      expect(document.fields.bookingStatus?.stringValue).toBe('CONFIRMED');
      expect(document.fields.bookingReferenceId?.stringValue).toBe(booking.bookingReferenceId);

      const lookup = await app.request('/api/bookings/lookup', {
        method: 'POST',
        json: { email: passenger.email, bookingNumber: booking.bookingReferenceId },
      });
      await expect(lookup.json()).resolves.toMatchObject({
        booking: { bookingReferenceId: booking.bookingReferenceId, status: 'CONFIRMED' },
      });
    });
  },
);
