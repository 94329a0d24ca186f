// The BookingStore contract: every adapter must pass these tests (SQLite always, Firestore on the
// emulator). They pin down what the booking service relies on: unique references under
// concurrency, idempotent creation, atomic updates and payment-event de-duplication.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  Booking,
  BookingStore,
  NewBooking,
  PaymentEventRecord,
} from '~/store/booking-store.server';
import { IdempotencyConflictError } from '~/store/store-errors.server';
import { REFERENCE_PATTERN } from '~/store/booking-ids.server';
import { sampleNewBooking } from '../support/booking-fixtures';

export interface StoreHarness {
  /** A store on the harness's current backing storage; `now` pins its reference clock. */
  open(options?: { now?: () => number }): BookingStore;
  /** Closes every store opened so far and starts from empty storage. */
  reset(): Promise<void>;
}

function event(overrides: Partial<PaymentEventRecord> = {}): PaymentEventRecord {
  const now = new Date().toISOString();
  return {
    id: `evt_${Math.random().toString(36).slice(2)}`,
    type: 'payment_intent.succeeded',
    bookingId: null,
    occurredAt: now,
    receivedAt: now,
    ...overrides,
  };
}

const confirm = (current: Booking): Booking => ({
  ...current,
  status: 'CONFIRMED',
  payment: { ...current.payment, providerPaymentRef: 'pi_123' },
});

export function bookingStoreContract(getHarness: () => StoreHarness) {
  let store: BookingStore;

  beforeEach(async () => {
    await getHarness().reset();
    store = getHarness().open();
  });

  afterEach(async () => {
    await getHarness().reset();
  });

  describe('createBooking', () => {
    it('saves every field and assigns an id and a base-36 uppercase reference', async () => {
      const input = sampleNewBooking();
      const before = Date.now();
      const { booking, created } = await store.createBooking(input);
      expect(created).toBe(true);
      expect(booking.id).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(booking.reference).toMatch(REFERENCE_PATTERN);
      // The reference is a timestamp in base 36, taken when the booking was saved.
      const issued = parseInt(booking.reference, 36);
      expect(issued).toBeGreaterThanOrEqual(before);
      expect(issued).toBeLessThan(Date.now() + 60_000);
      expect(booking).toEqual({ ...input, id: booking.id, reference: booking.reference });
      await expect(store.getBooking(booking.id)).resolves.toEqual(booking);
      await expect(store.findBookingByReference(booking.reference)).resolves.toEqual(booking);
    });

    it("keeps a place's kind and Address details and an airport pickup's flight", async () => {
      const base = sampleNewBooking();
      const input = sampleNewBooking({
        trip: {
          ...base.trip,
          pickup: { ...base.trip.pickup, kind: 'airport', details: 'Door 3' },
          stops: [{ ...base.trip.stops[0]!, kind: 'landmark' }],
          drop: {
            placeId: 'gz:4064-paddington',
            description: 'Paddington QLD 4064',
            kind: 'locality',
            details: '3/12 Smith St.',
          },
          flightNumber: 'QF512',
        },
      });
      const { booking } = await store.createBooking(input);
      await expect(store.getBooking(booking.id)).resolves.toEqual({
        ...input,
        id: booking.id,
        reference: booking.reference,
      });
    });

    it('answers null for an unknown id or reference', async () => {
      await store.createBooking(sampleNewBooking());
      await expect(store.getBooking('AAAAAAAAAAAAAAAAAAAA')).resolves.toBeNull();
      await expect(store.findBookingByReference('ZZZZZZZZ')).resolves.toBeNull();
    });

    it('returns the first booking for a repeated idempotency key, and saves no second one', async () => {
      const input = sampleNewBooking();
      const first = await store.createBooking(input);
      const again = await store.createBooking({ ...input, createdAt: new Date().toISOString() });
      expect(again.created).toBe(false);
      expect(again.booking).toEqual(first.booking);
      await expect(store.listBookings()).resolves.toHaveLength(1);
    });

    it('refuses an idempotency key reused for a different request', async () => {
      const input = sampleNewBooking();
      await store.createBooking(input);
      await expect(
        store.createBooking({ ...input, requestFingerprint: 'another request' }),
      ).rejects.toBeInstanceOf(IdempotencyConflictError);
      await expect(store.listBookings()).resolves.toHaveLength(1);
    });

    it('creates one booking for five concurrent submissions of the same request', async () => {
      const input = sampleNewBooking();
      const results = await Promise.all(
        Array.from({ length: 5 }, () => store.createBooking(input)),
      );
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(new Set(results.map((result) => result.booking.id)).size).toBe(1);
      await expect(store.listBookings()).resolves.toHaveLength(1);
    });

    it('gives 50 concurrent bookings 50 distinct references and loses none', async () => {
      const inputs = Array.from({ length: 50 }, () => sampleNewBooking());
      const results = await Promise.all(inputs.map((input) => store.createBooking(input)));
      const references = results.map((result) => result.booking.reference);
      expect(new Set(references).size).toBe(50);
      for (const reference of references) expect(reference).toMatch(REFERENCE_PATTERN);
      const saved = await store.listBookings({ limit: 100 });
      expect(saved).toHaveLength(50);
      expect(new Set(saved.map((booking) => booking.idempotencyKey))).toEqual(
        new Set(inputs.map((input) => input.idempotencyKey)),
      );
      for (const result of results) {
        await expect(store.findBookingByReference(result.booking.reference)).resolves.toEqual(
          result.booking,
        );
      }
    });

    it('lists the bookings created since a time, newest first, within the limit', async () => {
      const at = (iso: string) => sampleNewBooking({ createdAt: iso });
      await store.createBooking(at('2031-01-01T00:00:00.000Z'));
      const middle = await store.createBooking(at('2031-01-02T00:00:00.000Z'));
      const newest = await store.createBooking(at('2031-01-03T00:00:00.000Z'));
      const since = await store.listBookingsCreatedSince('2031-01-02T00:00:00.000Z');
      expect(since.map((booking) => booking.id)).toEqual([newest.booking.id, middle.booking.id]);
      const limited = await store.listBookingsCreatedSince('2030-01-01T00:00:00.000Z', {
        limit: 1,
      });
      expect(limited.map((booking) => booking.id)).toEqual([newest.booking.id]);
      await expect(store.listBookingsCreatedSince('2032-01-01T00:00:00.000Z')).resolves.toEqual([]);
    });

    it('moves past a reference another server instance took in the same millisecond', async () => {
      const fixed = Date.UTC(2031, 0, 1);
      const first = getHarness().open({ now: () => fixed });
      const second = getHarness().open({ now: () => fixed });
      const a = await first.createBooking(sampleNewBooking());
      const b = await second.createBooking(sampleNewBooking());
      expect(a.booking.reference).toBe(fixed.toString(36).toUpperCase());
      expect(b.booking.reference).toBe((fixed + 1).toString(36).toUpperCase());
      const c = await first.createBooking(sampleNewBooking());
      // The first instance's next candidate (fixed + 1) is taken by the second one: it skips it.
      expect(c.booking.reference).toBe((fixed + 2).toString(36).toUpperCase());
    });
  });

  describe('updateBooking', () => {
    it('applies a mutation and keeps it', async () => {
      const { booking } = await store.createBooking(sampleNewBooking());
      const updated = await store.updateBooking(booking.id, (current) => ({
        ...current,
        refundCents: 4000,
        updatedAt: new Date().toISOString(),
      }));
      expect(updated?.refundCents).toBe(4000);
      await expect(store.getBooking(booking.id)).resolves.toEqual(updated);
    });

    it('leaves the booking unchanged when the mutation returns null', async () => {
      const { booking } = await store.createBooking(sampleNewBooking());
      await expect(store.updateBooking(booking.id, () => null)).resolves.toEqual(booking);
      await expect(store.getBooking(booking.id)).resolves.toEqual(booking);
    });

    it('answers null for a booking that does not exist', async () => {
      await expect(store.updateBooking('AAAAAAAAAAAAAAAAAAAA', confirm)).resolves.toBeNull();
    });

    it('loses no concurrent update', async () => {
      const { booking } = await store.createBooking(sampleNewBooking());
      await Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          store.updateBooking(booking.id, (current) => ({
            ...current,
            cancellationRequests: [
              ...current.cancellationRequests,
              {
                requestedAt: new Date(Date.UTC(2031, 0, 1, 0, index)).toISOString(),
                channel: 'website',
              },
            ],
          })),
        ),
      );
      const saved = await store.getBooking(booking.id);
      expect(saved?.cancellationRequests).toHaveLength(5);
    });
  });

  describe('recordPaymentEvent', () => {
    it('applies an event once; a replay changes nothing and says so', async () => {
      const { booking } = await store.createBooking(sampleNewBooking());
      const evt = event({ bookingId: booking.id });
      const first = await store.recordPaymentEvent(evt, confirm);
      expect(first.duplicate).toBe(false);
      expect(first.previous).toEqual(booking);
      expect(first.booking?.status).toBe('CONFIRMED');

      let ranAgain = false;
      const replay = await store.recordPaymentEvent(evt, (current) => {
        ranAgain = true;
        return { ...current, status: 'REJECTED' };
      });
      expect(replay.duplicate).toBe(true);
      expect(ranAgain).toBe(false);
      expect(replay.booking?.status).toBe('CONFIRMED');
      await expect(store.getBooking(booking.id)).resolves.toEqual(first.booking);
    });

    it('applies an event delivered to two instances at once exactly once, answering both', async () => {
      // Two stores on the same storage, as two servers behind a load balancer; the race is
      // repeated because its outcome depends on timing.
      const other = getHarness().open();
      for (let round = 0; round < 3; round += 1) {
        const { booking } = await store.createBooking(sampleNewBooking());
        const evt = event({ id: `evt_pair_${round}`, bookingId: booking.id });
        const results = await Promise.all([
          store.recordPaymentEvent(evt, confirm),
          other.recordPaymentEvent(evt, confirm),
        ]);
        expect(results.map((result) => result.duplicate).sort()).toEqual([false, true]);
        expect(results.every((result) => result.booking?.status === 'CONFIRMED')).toBe(true);
      }
    });

    it('applies one of five concurrent deliveries of the same event', async () => {
      const { booking } = await store.createBooking(sampleNewBooking());
      const evt = event({ bookingId: booking.id });
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          store.recordPaymentEvent(evt, (current) => ({
            ...current,
            paymentAttempts: [
              ...current.paymentAttempts,
              {
                eventId: evt.id,
                outcome: 'succeeded',
                paymentIntentId: 'pi_1',
                amountCents: 14250,
                currency: 'aud',
                occurredAt: evt.occurredAt,
                recordedAt: evt.receivedAt,
                errorCode: null,
                errorMessage: null,
                cardBrand: 'visa',
                cardLast4: '4242',
              },
            ],
          })),
        ),
      );
      expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
      const saved = await store.getBooking(booking.id);
      expect(saved?.paymentAttempts).toHaveLength(1);
    });

    it('keeps applying distinct events for the same booking', async () => {
      const { booking } = await store.createBooking(sampleNewBooking());
      await store.recordPaymentEvent(event({ bookingId: booking.id }), (current) => ({
        ...current,
        status: 'REJECTED',
      }));
      const second = await store.recordPaymentEvent(event({ bookingId: booking.id }), confirm);
      expect(second.duplicate).toBe(false);
      expect(second.previous?.status).toBe('REJECTED');
      expect(second.booking?.status).toBe('CONFIRMED');
    });

    it('records an event for an unknown booking without failing, once', async () => {
      const evt = event({ bookingId: 'AAAAAAAAAAAAAAAAAAAA' });
      await expect(store.recordPaymentEvent(evt, confirm)).resolves.toEqual({
        duplicate: false,
        booking: null,
        previous: null,
      });
      await expect(store.recordPaymentEvent(evt, confirm)).resolves.toMatchObject({
        duplicate: true,
        booking: null,
      });
    });

    it('accepts event ids with characters a document id cannot hold', async () => {
      const { booking } = await store.createBooking(sampleNewBooking());
      const evt = event({ bookingId: booking.id, id: 'sandbox/attempt#1 retry' });
      expect((await store.recordPaymentEvent(evt, confirm)).duplicate).toBe(false);
      expect((await store.recordPaymentEvent(evt, confirm)).duplicate).toBe(true);
    });
  });

  describe('listBookings and ping', () => {
    it('lists newest first and honours the limit', async () => {
      const created: Booking[] = [];
      for (let index = 0; index < 3; index += 1) {
        const at = new Date(Date.UTC(2031, 0, 1, 0, 0, index)).toISOString();
        created.push((await store.createBooking(sampleNewBooking({ createdAt: at }))).booking);
      }
      const listed = await store.listBookings();
      expect(listed.map((b) => b.id)).toEqual(created.reverse().map((b) => b.id));
      await expect(store.listBookings({ limit: 2 })).resolves.toHaveLength(2);
    });

    it("lists a customer's bookings: made signed in, or to a verified email in any case, never another's", async () => {
      const at = (second: number) => new Date(Date.UTC(2031, 1, 1, 0, 0, second)).toISOString();
      const person = (email: string) => ({
        firstName: 'Ana',
        lastName: 'Lee',
        email,
        countryCode: '+61',
        mobileNumber: '412345678',
      });
      const make = async (
        createdAt: string,
        userId: string | null,
        email: string,
        booker?: string,
      ) =>
        (
          await store.createBooking(
            sampleNewBooking({
              createdAt,
              userId,
              contacts: {
                passenger: person(email),
                booker: booker ? person(booker) : null,
              },
            }),
          )
        ).booking.id;
      const signedIn = await make(at(1), 'uid-ana', 'someone@example.com');
      const toEmail = await make(at(2), null, 'ANA@example.com');
      const asBooker = await make(at(3), null, 'guest@example.com', 'ana@Example.com');
      const both = await make(at(4), 'uid-ana', 'ana@example.com');
      await make(at(5), 'uid-other', 'other@example.com');
      await make(at(6), null, 'anna@example.com');

      const ids = async (query: Parameters<typeof store.listCustomerBookings>[0]) =>
        (await store.listCustomerBookings(query)).map((booking) => booking.id);
      expect(await ids({ userId: 'uid-ana', verifiedEmail: 'Ana@Example.com' })).toEqual([
        both,
        asBooker,
        toEmail,
        signedIn,
      ]);
      // Without a verified email, only what the account itself booked.
      expect(await ids({ userId: 'uid-ana' })).toEqual([both, signedIn]);
      expect(await ids({ userId: 'uid-nobody', verifiedEmail: null })).toEqual([]);
      expect(await ids({ userId: 'uid-ana', verifiedEmail: 'ana@example.com', limit: 2 })).toEqual([
        both,
        asBooker,
      ]);
    });

    it('answers a ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('takes the readiness write probe, again and again', async () => {
      await expect(store.probeWrite()).resolves.toBeUndefined();
      await expect(store.probeWrite()).resolves.toBeUndefined();
    });
  });

  describe('listUnsettledBookings', () => {
    const at = (day: number, minute = 0) =>
      new Date(Date.UTC(2031, 0, day, 0, minute)).toISOString();
    const withIntent = (createdAt: string, overrides: Partial<NewBooking> = {}) => {
      const base = sampleNewBooking({ createdAt, ...overrides });
      return {
        ...base,
        payment: { ...base.payment, intentId: `pi_${createdAt}`, provider: 'stripe' as const },
      };
    };
    const sent = { claimedAt: at(1), sentAt: at(1), messageId: 'm-1' };

    async function allPages(
      query: { createdSince: string; createdBefore?: string },
      limit: number,
    ) {
      const ids: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await store.listUnsettledBookings({ ...query, cursor, limit });
        ids.push(...page.bookings.map((booking) => booking.id));
        cursor = page.cursor ?? undefined;
        pages += 1;
        if (pages > 100) throw new Error('The cursor never ends.');
      } while (cursor);
      return ids;
    }

    it('selects paid-or-pending drafts, rejected ones and confirmed ones without email, by time', async () => {
      const create = async (input: NewBooking) => (await store.createBooking(input)).booking.id;
      const draftWithIntent = await create(withIntent(at(2)));
      const rejected = await create(withIntent(at(3), { status: 'REJECTED' }));
      const confirmedNoEmail = await create(withIntent(at(4), { status: 'CONFIRMED' }));
      // Not unsettled: no payment yet, settled with its email, or outside the window.
      await create(sampleNewBooking({ createdAt: at(5) }));
      await create(withIntent(at(6), { status: 'CONFIRMED', confirmationEmail: sent }));
      await create(withIntent(at(1)));
      const tooNew = await create(withIntent(at(9)));

      const window = { createdSince: at(2), createdBefore: at(8) };
      const page = await store.listUnsettledBookings(window);
      expect(page.bookings.map((booking) => booking.id)).toEqual([
        draftWithIntent,
        rejected,
        confirmedNoEmail,
      ]);
      expect(page.cursor).toBeNull();
      await expect(allPages({ createdSince: at(2) }, 100)).resolves.toEqual([
        draftWithIntent,
        rejected,
        confirmedNoEmail,
        tooNew,
      ]);
    });

    it('pages through every unsettled booking, oldest first, however many others there are', async () => {
      const expected: string[] = [];
      for (let index = 0; index < 7; index += 1) {
        // Two bookings per minute: the cursor must also order bookings created at the same time.
        const createdAt = at(10, Math.floor(index / 2));
        expected.push((await store.createBooking(withIntent(createdAt))).booking.id);
        await store.createBooking(sampleNewBooking({ createdAt }));
      }
      // Ids in code-unit order, as SQLite's BINARY collation and Firestore's document ids sort.
      const sameTime = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      const byTimeThenId = async (ids: string[]) => {
        const bookings = await Promise.all(ids.map((id) => store.getBooking(id)));
        return bookings
          .map((booking) => booking!)
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || sameTime(a.id, b.id))
          .map((booking) => booking.id);
      };
      const listed = await allPages({ createdSince: at(10) }, 3);
      expect(listed).toEqual(await byTimeThenId(expected));
    });
  });
}
