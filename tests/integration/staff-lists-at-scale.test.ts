// The staff views stay exact however many other bookings the store holds, through the real Remix
// request handler, on the embedded SQLite store and on the Firestore emulator: a paid booking
// with a cancellation request, then newer unpaid drafts (with their own cancellation requests)
// and other confirmed bookings: on SQLite 1,900 and 120, more than the 2,000 the views once read. The booking is still found by its reference, its email and its passenger's name, still in
// the default list and the cancellation inbox, and the month's report total is what it was; every
// booking of the list is reached exactly once by following "Next page" (plain links).
import {
  bookingResponseSchema,
  todayInBrisbane,
  type BookingResponse,
  type NewBooking,
} from '@business-chauffeur/booking-contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as AccountsModule from '~/accounts/get-accounts.server';
import type * as StoreModule from '~/store/store.server';
import { sampleNewBooking } from '../support/booking-fixtures';
import {
  firestoreEmulatorAvailable,
  firestoreEmulatorSkipReason,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from '../support/firestore-emulator';
import { textOf } from '../support/manage-booking';
import { bookingBody, passenger } from '../support/quotes';
import { startRemixApp, TEST_ORIGIN, type RemixApp } from '../support/remix-app';
import { useTestEnvironment, type TestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 120_000 });

const STAFF = 'rostering@businesschauffeur.example';
/**
 * How many newer bookings each store gets. On SQLite, more than the 2,000 the views once read. The
 * Firestore emulator scans every document for a query (it has no indexes), so it gets fewer: on
 * Firestore each page is an index query, which no number of other documents changes.
 */
const FLOOD = {
  SQLite: { drafts: 1900, others: 120 },
  Firestore: { drafts: 150, others: 60 },
} as const;

/** Runs `work` over `items`, `width` at a time (the emulator and SQLite take them in turn). */
async function inBatches<T>(items: T[], width: number, work: (item: T) => Promise<unknown>) {
  for (let start = 0; start < items.length; start += width) {
    await Promise.all(items.slice(start, start + width).map(work));
  }
}

function staffViewsAtScale(store: 'SQLite' | 'Firestore', hosted: () => Record<string, string>) {
  const { drafts: DRAFTS, others: OTHERS } = FLOOD[store];
  let env: TestEnvironment;
  let app: RemixApp;
  let staffCookie: string;
  let booking: BookingResponse;
  let monthTotalBefore: string;
  const today = todayInBrisbane(new Date());

  const asStaff = (path: string) =>
    app.request(path, { headers: { Cookie: staffCookie }, redirect: 'manual' });
  const page = async (path: string) => {
    const response = await asStaff(path);
    expect(response.status, path).toBe(200);
    return response.text();
  };
  const bookingStore = async () =>
    (await app.load<typeof StoreModule>('/app/store/store.server.ts')).getBookingStore();
  /** The CSV's Total line of this month's report (every group has the same total). */
  const monthTotal = async () => {
    const csv = await page('/staff/reports.csv?group=month');
    return csv.split('\r\n').find((line) => line.startsWith('Total,'))!;
  };

  beforeAll(async () => {
    env = useTestEnvironment(hosted());
    app = await startRemixApp();
    const signedUp = await app.request('/signup', {
      method: 'POST',
      headers: {
        Host: new URL(TEST_ORIGIN).host,
        Origin: TEST_ORIGIN,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        firstName: 'Ngaio',
        lastName: 'Marsh',
        email: STAFF,
        confirmEmail: STAFF,
        password: 'Harbour#2031',
      }).toString(),
      redirect: 'manual',
    });
    staffCookie = /__session=[^;]*/.exec(signedUp.headers.get('Set-Cookie') ?? '')![0];
    const accounts = await app.load<typeof AccountsModule>('/app/accounts/get-accounts.server.ts');
    await accounts.getAccounts().setStaff(STAFF, true);

    // The booking staff must not lose: paid today, and its customer asked to cancel.
    const created = await app.request('/api/bookings', { method: 'POST', json: bookingBody() });
    expect(created.status).toBe(201);
    booking = bookingResponseSchema.parse(await created.json());
    const paid = await app.request(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
      method: 'POST',
      json: {
        clientSecret: booking.payment.clientSecret,
        card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
        termsAccepted: true,
      },
    });
    await expect(paid.json()).resolves.toMatchObject({ status: 'CONFIRMED' });
    await (
      await bookingStore()
    ).updateBooking(booking.bookingId, (current) => ({
      ...current,
      cancellationRequests: [{ requestedAt: new Date().toISOString(), channel: 'website' }],
    }));
    monthTotalBefore = await monthTotal();
    expect(monthTotalBefore).toMatch(/^Total,1,/);

    // Then a flood of newer bookings: drafts from many addresses (a tenth asking to cancel), and
    // other confirmed bookings picked up today, all created after it.
    const later = (index: number) => new Date(Date.now() + 60_000 + index * 1000).toISOString();
    const base = sampleNewBooking();
    const drafts: NewBooking[] = Array.from({ length: DRAFTS }, (_, index) =>
      sampleNewBooking({
        createdAt: later(index),
        trip: { ...base.trip, date: today, time: '06:00' },
        contacts: {
          passenger: { ...base.contacts.passenger, email: `flood${index}@example.net` },
          booker: null,
        },
        cancellationRequests:
          index % 10 === 0 ? [{ requestedAt: later(index), channel: 'website' }] : [],
      }),
    );
    const others: NewBooking[] = Array.from({ length: OTHERS }, (_, index) =>
      sampleNewBooking({
        status: 'CONFIRMED',
        createdAt: later(DRAFTS + index),
        trip: {
          ...base.trip,
          date: today,
          time: `0${7 + (index % 3)}:${String(index % 60).padStart(2, '0')}`,
        },
      }),
    );
    const seeding = await bookingStore();
    await inBatches([...drafts, ...others], 25, (input) => seeding.createBooking(input));
  }, 900_000);

  afterAll(async () => {
    if (app) {
      await (await bookingStore()).close();
      await app.close();
    }
    env?.restore();
  });

  it(`finds the paid booking by reference, email and name among ${DRAFTS} newer drafts (${store})`, async () => {
    const reference = booking.bookingReferenceId;
    for (const q of [reference, passenger.email, 'ngaio walker', 'Walk']) {
      const text = textOf(await page(`/staff?q=${encodeURIComponent(q)}`));
      expect(text, q).toContain('1 booking.');
      expect(text, q).toContain(reference);
    }
    // A text that can match nothing says what a search can be.
    expect(textOf(await page('/staff?q=%21'))).toContain('Search by a booking reference');
    // Drafts only when asked for: every one of them is there too.
    const drafts = textOf(await page('/staff?status=DRAFT'));
    expect(drafts).toContain(`${DRAFTS} bookings from today`);
  });

  it(`keeps the paid booking in the default list and the cancellation inbox (${store})`, async () => {
    const reference = booking.bookingReferenceId;
    const list = textOf(await page('/staff'));
    expect(list).toContain(`${OTHERS + 1} bookings from today`);
    expect(textOf(await page('/staff?q=' + reference))).toContain('cancellation requested');
    const inbox = textOf(await page('/staff/cancellations'));
    expect(inbox).toContain(reference);
    // The drafts' requests are left out: one open request, on one page.
    expect(inbox).not.toContain('Next page');
  });

  it(`keeps the month's report total as it was before the flood (${store})`, async () => {
    expect(await monthTotal()).toBe(monthTotalBefore);
  });

  it(`reaches every listed booking exactly once by following Next page (${store})`, async () => {
    const seen: string[] = [];
    let path: string | null = '/staff?from=' + today;
    let pages = 0;
    while (path) {
      const html = await page(path);
      seen.push(...[...html.matchAll(/href="\/staff\/bookings\/([0-9A-Z]+)"/g)].map((m) => m[1]!));
      const next = /<a[^>]*href="([^"]+)"[^>]*>Next page<\/a>/.exec(html)?.[1];
      path = next ? next.replace(/&amp;/g, '&') : null;
      pages += 1;
      expect(pages).toBeLessThan(10);
    }
    expect(pages).toBe(Math.ceil((OTHERS + 1) / 50));
    expect(seen).toHaveLength(OTHERS + 1);
    expect(new Set(seen).size).toBe(OTHERS + 1);
    expect(seen).toContain(booking.bookingReferenceId);
  });
}

describe('staff views at scale on SQLite', () => {
  staffViewsAtScale('SQLite', () => ({}));
});

describe.skipIf(!firestoreEmulatorAvailable)(
  `staff views at scale on Firestore${firestoreEmulatorAvailable ? '' : ` (skipped: ${firestoreEmulatorSkipReason})`}`,
  () => {
    let emulator: FirestoreEmulator | undefined;
    beforeAll(async () => {
      emulator = await startFirestoreEmulator();
    }, 180_000);
    afterAll(async () => {
      await emulator?.stop();
    });
    staffViewsAtScale('Firestore', () => ({
      FIREBASE_PROJECT_ID: 'demo-business-chauffeur-scale',
      FIRESTORE_EMULATOR_HOST: emulator!.host,
    }));
  },
);
