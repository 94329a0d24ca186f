// The BookingStore contract on the Firestore adapter, against the Firestore emulator of the machine
// image (started here on a free port), and firestore.rules: every client request is denied.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COLLECTIONS, type BookingStore } from '~/store/booking-store.server';
import { openFirestore } from '~/store/firebase-app.server';
import { createFirestoreBookingStore } from '~/store/firestore-booking-store.server';
import {
  clearFirestore,
  firestoreEmulatorAvailable,
  firestoreEmulatorSkipReason,
  loadFirestoreRules,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from '../support/firestore-emulator';
import { sampleNewBooking } from '../support/booking-fixtures';
import { legacyConfirmedDocument } from '../support/legacy-booking-document';
import { bookingStoreContract, type StoreHarness } from './booking-store.contract';

// Each file starts a real server (and an emulator); on a busy machine a step can take seconds.
vi.setConfig({ testTimeout: 60_000 });

process.env.METADATA_SERVER_DETECTION = 'none';
const PROJECT_ID = 'demo-business-chauffeur';

let emulator: FirestoreEmulator | undefined;
let opened: BookingStore[] = [];

const harness: StoreHarness = {
  open(options = {}) {
    if (!emulator) throw new Error('The emulator is not running.');
    const store = createFirestoreBookingStore({
      projectId: PROJECT_ID,
      emulatorHost: emulator.host,
      now: options.now,
    });
    opened.push(store);
    return store;
  },
  async reset() {
    await Promise.all(opened.map((store) => store.close()));
    opened = [];
    if (emulator) await clearFirestore(emulator.baseUrl, PROJECT_ID);
  },
};

describe.skipIf(!firestoreEmulatorAvailable)(
  `Firestore booking store${firestoreEmulatorAvailable ? '' : ` (skipped: ${firestoreEmulatorSkipReason})`}`,
  () => {
    beforeAll(async () => {
      emulator = await startFirestoreEmulator();
      // The Admin SDK reads this at start; point it at this emulator, whatever the machine says.
      process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
    });

    afterAll(async () => {
      await harness.reset();
      await emulator?.stop();
      delete process.env.FIRESTORE_EMULATOR_HOST;
    });

    bookingStoreContract(() => harness);

    describe('documents stored before the staff queries', () => {
      it('are found once reindexBookings fills them, the rest of each document as it was', async () => {
        await harness.reset();
        const store = harness.open();
        const { db, close } = openFirestore(
          { projectId: PROJECT_ID, emulatorHost: emulator!.host },
          'legacy-writer',
        );
        const asked = {
          ...legacyConfirmedDocument,
          cancellationRequests: [{ requestedAt: '2031-03-02T00:00:00.000Z', channel: 'website' }],
        };
        const handledAt = '2031-03-03T00:00:00.000Z';
        await db.collection(COLLECTIONS.bookings).doc(asked.id).set(asked);
        await db
          .collection(COLLECTIONS.staffAudit)
          .doc('audit-1')
          .set({
            id: 'audit-1',
            at: handledAt,
            by: 'dispatch@businesschauffeur.example',
            action: 'cancellation-request',
            subjectId: asked.id,
            subjectLabel: asked.bookingReferenceId,
            note: 'Rang the customer',
            before: { handled: false },
            after: { handled: true },
          });
        const search = () =>
          store.listStaffBookings({ status: 'not-draft', search: asked.bookingReferenceId });
        await expect(search()).resolves.toMatchObject({ total: 0 });

        let cursor: string | undefined;
        let updated = 0;
        do {
          const page = await store.reindexBookings({ cursor, limit: 1 });
          updated += page.updated;
          cursor = page.cursor ?? undefined;
        } while (cursor);
        expect(updated).toBe(1);

        expect((await search()).bookings.map((booking) => booking.reference)).toEqual([
          asked.bookingReferenceId,
        ]);
        const handled = await store.listCancellationRequests({ state: 'handled' });
        expect(handled.bookings.map((booking) => booking.cancellationHandled)).toEqual([
          { at: handledAt, by: 'dispatch@businesschauffeur.example', note: 'Rang the customer' },
        ]);
        await expect(
          store.summarizePayments({ paidFrom: '2031-03-01', paidTo: '2031-03-01', by: 'partner' }),
        ).resolves.toEqual([
          { key: asked.partnerId, bookings: 1, paidCents: 14250, refundedCents: 0 },
        ]);
        await expect(store.listPartners()).resolves.toEqual([asked.partnerId]);
        await expect(store.reindexBookings()).resolves.toMatchObject({ updated: 0 });

        const {
          staffIndex: _index,
          cancellationHandled: _handled,
          ...rest
        } = (await db.collection(COLLECTIONS.bookings).doc(asked.id).get()).data()!;
        expect(rest).toEqual(asked);
        await close();
      });
    });

    describe('firestore.rules', () => {
      const documentsUrl = () =>
        `${emulator?.baseUrl}/v1/projects/${PROJECT_ID}/databases/(default)/documents`;
      // An ID token the emulator accepts without a signature: a signed-in customer's browser.
      const userToken = [
        Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
        Buffer.from(
          JSON.stringify({
            iss: `https://securetoken.google.com/${PROJECT_ID}`,
            aud: PROJECT_ID,
            sub: 'customer-1',
            user_id: 'customer-1',
            iat: Math.floor(Date.now() / 1000),
            exp: Math.floor(Date.now() / 1000) + 3600,
            auth_time: Math.floor(Date.now() / 1000),
            email: 'ngaio@example.com',
            firebase: { sign_in_provider: 'password', identities: {} },
          }),
        ).toString('base64url'),
        '',
      ].join('.');

      const clients = [
        ['a visitor', {}],
        ['a signed-in customer', { Authorization: `Bearer ${userToken}` }],
      ] as const;

      async function clientRequests(
        headers: Record<string, string>,
        collection: string,
        id: string,
      ) {
        const json = { ...headers, 'Content-Type': 'application/json' };
        const fields = JSON.stringify({ fields: { bookingStatus: { stringValue: 'CONFIRMED' } } });
        return Promise.all([
          fetch(`${documentsUrl()}/${collection}/${id}`, { headers }),
          fetch(`${documentsUrl()}/${collection}`, { headers }),
          fetch(`${documentsUrl()}/${collection}?documentId=client-made`, {
            method: 'POST',
            headers: json,
            body: fields,
          }),
          fetch(`${documentsUrl()}/${collection}/${id}`, {
            method: 'PATCH',
            headers: json,
            body: fields,
          }),
          fetch(`${documentsUrl()}/${collection}/${id}`, { method: 'DELETE', headers }),
          fetch(`${documentsUrl()}:runQuery`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ structuredQuery: { from: [{ collectionId: collection }] } }),
          }),
        ]);
      }

      it('lets clients in under open rules (so the denials below are the rules at work)', async () => {
        await harness.reset();
        const { booking } = await harness.open().createBooking(sampleNewBooking());
        await loadFirestoreRules(
          emulator!.baseUrl,
          PROJECT_ID,
          "rules_version = '2';\nservice cloud.firestore { match /databases/{d}/documents { match /{doc=**} { allow read: if true; } } }",
        );
        const response = await fetch(`${documentsUrl()}/bookings/${booking.id}`);
        expect(response.status).toBe(200);
      });

      it.each(clients)(
        'deny %s every read and write of every collection',
        async (_who, headers) => {
          await harness.reset();
          const store = harness.open();
          const { booking } = await store.createBooking(sampleNewBooking());
          await loadFirestoreRules(
            emulator!.baseUrl,
            PROJECT_ID,
            readFileSync('firestore.rules', 'utf8'),
          );
          for (const collection of Object.values(COLLECTIONS)) {
            const responses = await clientRequests(headers, collection, booking.id);
            for (const response of responses) {
              expect(response.status, `${response.url} ${await response.clone().text()}`).toBe(403);
            }
          }
          // The server (Admin SDK) is not bound by the rules, and nothing a client tried changed data.
          await expect(store.getBooking(booking.id)).resolves.toEqual(booking);
          await expect(store.listBookings()).resolves.toHaveLength(1);
        },
      );
    });
  },
);
