// The BookingStore contract: every adapter must pass these tests (SQLite always, Firestore on the
// emulator). They pin down what the booking service relies on: unique references under
// concurrency, idempotent creation, atomic updates and payment-event de-duplication; and what the
// staff views rely on: pages of the bookings list, the cancellation requests and the report's
// sums, selected by the same rules on both stores however many other bookings there are.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BookingStatus, PaymentAttempt } from '@business-chauffeur/booking-contract';
import type {
  Booking,
  BookingStore,
  NewBooking,
  PaymentEventRecord,
  StaffBookingsPage,
} from '~/store/booking-store.server';
import { IdempotencyConflictError } from '~/store/store-errors.server';
import { REFERENCE_PATTERN } from '~/store/booking-ids.server';
import { sampleBooker, sampleNewBooking } from '../support/booking-fixtures';

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

    it('keeps the partner’s commission rate as booked through every update, and none where there was none', async () => {
      const rated = await store.createBooking(
        sampleNewBooking({
          partner: 'riverside-grand (https://www.riverside-grand.example)',
          partnerCommissionBasisPoints: 750,
        }),
      );
      const free = await store.createBooking(
        sampleNewBooking({
          partner: 'bayside (https://bayside.example)',
          partnerCommissionBasisPoints: null,
        }),
      );
      const older = await store.createBooking(sampleNewBooking({ partner: 'bayside' }));
      const updated = await store.updateBooking(rated.booking.id, confirm);
      expect(updated?.partnerCommissionBasisPoints).toBe(750);
      await expect(store.getBooking(rated.booking.id)).resolves.toMatchObject({
        status: 'CONFIRMED',
        partnerCommissionBasisPoints: 750,
      });
      await expect(store.getBooking(free.booking.id)).resolves.toMatchObject({
        partnerCommissionBasisPoints: null,
      });
      // A booking made before rates were kept has none: the report uses the partner's rate.
      const before = await store.getBooking(older.booking.id);
      expect(before).not.toBeNull();
      expect(before).not.toHaveProperty('partnerCommissionBasisPoints');
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

  describe('staff queries', () => {
    const person = (firstName: string, lastName: string, email: string, mobile: string) => ({
      firstName,
      lastName,
      email,
      countryCode: '+61',
      mobileNumber: mobile,
    });

    interface Made {
      status?: BookingStatus;
      date?: string;
      time?: string;
      partner?: string | null;
      passenger?: ReturnType<typeof person>;
      overrides?: Partial<NewBooking>;
    }

    async function make({
      status = 'CONFIRMED',
      date = '2031-03-14',
      time = '10:00',
      partner = null,
      passenger,
      overrides = {},
    }: Made = {}): Promise<Booking> {
      const base = sampleNewBooking();
      return (
        await store.createBooking(
          sampleNewBooking({
            status,
            trip: { ...base.trip, date, time },
            partner,
            ...(passenger ? { contacts: { passenger, booker: null } } : {}),
            ...overrides,
          }),
        )
      ).booking;
    }

    const references = (page: StaffBookingsPage) => page.bookings.map((b) => b.reference);

    /** Every page of a query, following the cursor; fails if it never ends. */
    async function everyPage(
      list: (cursor: string | undefined) => Promise<StaffBookingsPage>,
    ): Promise<{ references: string[]; totals: number[]; pages: number }> {
      const found: string[] = [];
      const totals: number[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await list(cursor);
        found.push(...references(page));
        totals.push(page.total);
        cursor = page.cursor ?? undefined;
        pages += 1;
        if (pages > 50) throw new Error('The cursor never ends.');
      } while (cursor);
      return { references: found, totals, pages };
    }

    it('lists by pickup time, unpaid drafts only when asked, by status, dates and partner', async () => {
      const late = await make({ date: '2031-03-15', time: '08:00' });
      const early = await make({ date: '2031-03-14', time: '06:30', partner: 'Riverside Grand' });
      const refused = await make({ status: 'REJECTED', date: '2031-03-16' });
      const cancelled = await make({ status: 'CANCELLED', date: '2031-03-20' });
      const draft = await make({ status: 'DRAFT', date: '2031-03-14', time: '07:00' });
      const before = await make({ date: '2031-03-01' });

      const list = (query: Partial<Parameters<BookingStore['listStaffBookings']>[0]>) =>
        store.listStaffBookings({ status: 'not-draft', ...query });
      const from14 = { pickupFrom: '2031-03-14' };
      expect(references(await list(from14))).toEqual(
        [early, late, refused, cancelled].map((b) => b.reference),
      );
      expect((await list(from14)).total).toBe(4);
      expect(references(await list({ ...from14, status: 'any' }))).toEqual(
        [early, draft, late, refused, cancelled].map((b) => b.reference),
      );
      expect(references(await list({ status: 'DRAFT' }))).toEqual([draft.reference]);
      expect(references(await list({ status: 'REJECTED' }))).toEqual([refused.reference]);
      // Both ends of the range are whole Queensland days.
      expect(references(await list({ pickupFrom: '2031-03-14', pickupTo: '2031-03-15' }))).toEqual(
        [early, late].map((b) => b.reference),
      );
      expect(references(await list({}))).toEqual(
        [before, early, late, refused, cancelled].map((b) => b.reference),
      );
      expect(references(await list({ partner: 'Riverside Grand' }))).toEqual([early.reference]);
      expect(references(await list({ ...from14, partner: null }))).toEqual(
        [late, refused, cancelled].map((b) => b.reference),
      );
      expect(await list({ partner: 'Nobody' })).toEqual({ bookings: [], cursor: null, total: 0 });
      await expect(store.listPartners()).resolves.toEqual(['Riverside Grand']);
    });

    it('pages through every booking exactly once, however many drafts and others there are', async () => {
      const expected: Booking[] = [];
      for (let index = 0; index < 7; index += 1) {
        // Two at each pickup time: the cursor must also order bookings picked up together.
        const time = `0${6 + Math.floor(index / 2)}:00`;
        expected.push(await make({ time }));
        await make({ status: 'DRAFT', time });
      }
      const byTime = (a: Booking, b: Booking) =>
        a.trip.time.localeCompare(b.trip.time) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
      const paged = await everyPage((cursor) =>
        store.listStaffBookings({ status: 'not-draft', cursor, limit: 3 }),
      );
      expect(paged.references).toEqual(expected.sort(byTime).map((b) => b.reference));
      expect(paged.pages).toBe(3);
      expect(new Set(paged.totals)).toEqual(new Set([7]));
      const all = await everyPage((cursor) =>
        store.listStaffBookings({ status: 'any', cursor, limit: 4 }),
      );
      expect(all.references).toHaveLength(14);
      expect(new Set(all.references).size).toBe(14);
    });

    it('starts from the first page for a cursor it cannot read', async () => {
      const booking = await make();
      for (const cursor of [
        'not a cursor',
        Buffer.from('[1,2]').toString('base64url'),
        'x'.repeat(5000),
      ]) {
        expect(references(await store.listStaffBookings({ status: 'any', cursor }))).toEqual([
          booking.reference,
        ]);
      }
    });

    it('finds a booking by reference, email or the part before the @, phone, or name words', async () => {
      const ngaioPerson = person(
        'Ngaio',
        "O'Connor-Tāne",
        'Ngaio.OConnor@example.com',
        '0412 345 678',
      );
      const ngaio = await make({
        overrides: { contacts: { passenger: ngaioPerson, booker: sampleBooker } },
      });
      const mere = await make({
        date: '2031-04-01',
        passenger: person('Mere', 'Ngata', 'mere@example.org', '0498 765 432'),
      });
      const draft = await make({
        status: 'DRAFT',
        time: '11:00',
        passenger: person('Ngaio', 'Marsh', 'ngaio.marsh@example.com', '0400 111 222'),
      });
      const search = async (text: string, status: 'not-draft' | 'any' = 'not-draft') =>
        references(await store.listStaffBookings({ status, search: text }));

      expect(await search(ngaio.reference.toLowerCase())).toEqual([ngaio.reference]);
      expect(await search('NGAIO.OCONNOR@EXAMPLE.COM')).toEqual([ngaio.reference]);
      expect(await search('ngaio.oconnor')).toEqual([ngaio.reference]);
      expect(await search('priya.raman@example.com')).toEqual([ngaio.reference]);
      expect(await search('+61 412 345 678')).toEqual([ngaio.reference]);
      expect(await search('0498765432')).toEqual([mere.reference]);
      expect(await search("o'connor")).toEqual([ngaio.reference]);
      expect(await search('tane')).toEqual([ngaio.reference]);
      expect(await search('ngat')).toEqual([mere.reference]);
      // "ng" starts Ngaio and Ngata: both, by pickup; the draft Ngaio only when asked.
      expect(await search('ng')).toEqual([ngaio.reference, mere.reference]);
      expect(await search('ngaio', 'any')).toEqual([ngaio.reference, draft.reference]);
      expect((await store.listStaffBookings({ status: 'any', search: 'ngaio' })).total).toBe(2);
      expect(await search('example.com')).toEqual([]);
      expect(await search('!')).toEqual([]);
      // A search with the other filters.
      expect(
        references(
          await store.listStaffBookings({ status: 'any', search: 'ng', pickupFrom: '2031-03-20' }),
        ),
      ).toEqual([mere.reference]);
    });

    it('keeps what the views select by in step with every change to a booking', async () => {
      const booking = await make({
        status: 'DRAFT',
        date: '2031-05-01',
        partner: 'Harbour Lodge',
        passenger: person('Aroha', 'Ngata', 'aroha@example.com', '0400 000 001'),
      });
      await expect(store.listPartners()).resolves.toEqual([]);
      await store.updateBooking(booking.id, (current) => ({
        ...current,
        status: 'CONFIRMED',
        trip: { ...current.trip, date: '2031-05-09' },
        contacts: {
          passenger: { ...current.contacts.passenger, email: 'aroha.ngata@example.com' },
          booker: null,
        },
      }));
      const found = (query: Partial<Parameters<BookingStore['listStaffBookings']>[0]>) =>
        store.listStaffBookings({ status: 'not-draft', ...query }).then((page) => references(page));
      expect(await found({ pickupFrom: '2031-05-09', pickupTo: '2031-05-09' })).toEqual([
        booking.reference,
      ]);
      expect(await found({ pickupFrom: '2031-05-01', pickupTo: '2031-05-01' })).toEqual([]);
      expect(await found({ search: 'aroha.ngata@example.com' })).toEqual([booking.reference]);
      expect(await found({ search: 'aroha@example.com' })).toEqual([]);
      await expect(store.listPartners()).resolves.toEqual(['Harbour Lodge']);
    });

    it('lists the bookings needing action, oldest alert first, drafts included, until handled', async () => {
      const alert = (id: string, at: string, handledAt: string | null = null) => ({
        id,
        kind: 'payment_amount_differs' as const,
        at,
        detail: 'A payment of $106.16 was received for a booking of $58.98.',
        amountCents: 10_616,
        handledAt,
        handledBy: handledAt ? 'a@example.com' : null,
        handledNote: handledAt ? 'Refunded the difference' : null,
      });
      // A payment of another amount leaves its booking a draft: it is listed all the same.
      const draft = await make({
        status: 'DRAFT',
        overrides: { alerts: [alert('payment-pi_1', '2031-03-02T00:00:00.000Z')] },
      });
      const confirmed = await make({
        overrides: {
          alerts: [
            alert('payment-pi_2', '2031-03-01T00:00:00.000Z', '2031-03-01T02:00:00.000Z'),
            alert('payment-pi_3', '2031-03-03T00:00:00.000Z'),
          ],
        },
      });
      await make({
        overrides: {
          alerts: [alert('payment-pi_4', '2031-03-01T00:00:00.000Z', '2031-03-01T01:00:00.000Z')],
        },
      });
      await make();
      const needing = () => everyPage((cursor) => store.listNeedingAction({ cursor, limit: 1 }));

      expect((await needing()).references).toEqual([draft.reference, confirmed.reference]);
      expect((await needing()).totals[0]).toBe(2);

      await store.updateBooking(draft.id, (current) => ({
        ...current,
        alerts: (current.alerts ?? []).map((item) => ({
          ...item,
          handledAt: '2031-03-04T00:00:00.000Z',
          handledBy: 'a@example.com',
          handledNote: 'Confirmed by phone',
        })),
      }));
      expect((await needing()).references).toEqual([confirmed.reference]);
    });

    it('lists cancellation requests, oldest first, open or handled, drafts left out', async () => {
      const asked = (...at: string[]) => ({
        cancellationRequests: at.map((requestedAt) => ({
          requestedAt,
          channel: 'website' as const,
        })),
      });
      const first = await make({ overrides: asked('2031-02-02T00:00:00.000Z') });
      const second = await make({
        status: 'CANCELLED',
        overrides: asked('2031-02-03T00:00:00.000Z', '2031-02-04T00:00:00.000Z'),
      });
      const handled = await make({
        overrides: {
          ...asked('2031-02-01T00:00:00.000Z'),
          cancellationHandled: { at: '2031-02-01T01:00:00.000Z', by: 'a@example.com', note: '' },
        },
      });
      await make({ status: 'DRAFT', overrides: asked('2031-02-01T00:00:00.000Z') });
      await make();
      const inbox = async (state: 'open' | 'handled' | 'all') =>
        everyPage((cursor) => store.listCancellationRequests({ state, cursor, limit: 1 }));

      expect((await inbox('open')).references).toEqual([first.reference, second.reference]);
      expect((await inbox('handled')).references).toEqual([handled.reference]);
      expect((await inbox('all')).references).toEqual(
        [handled, first, second].map((b) => b.reference),
      );
      expect((await inbox('all')).totals[0]).toBe(3);

      // Marked handled, then asked again: open again.
      await store.updateBooking(first.id, (current) => ({
        ...current,
        cancellationHandled: { at: '2031-02-05T00:00:00.000Z', by: 'a@example.com', note: 'Done' },
      }));
      expect((await inbox('open')).references).toEqual([second.reference]);
      await store.updateBooking(first.id, (current) => ({
        ...current,
        cancellationRequests: [
          ...current.cancellationRequests,
          { requestedAt: '2031-02-06T00:00:00.000Z', channel: 'website' },
        ],
      }));
      expect((await inbox('open')).references).toEqual([first.reference, second.reference]);
    });

    it('sums paid bookings by Queensland payment day, month or partner, in cents', async () => {
      const payment = (occurredAt: string, amountCents: number, outcome = 'succeeded') =>
        ({
          eventId: `evt_${occurredAt}_${amountCents}`,
          outcome,
          paymentIntentId: 'pi_1',
          amountCents,
          currency: 'aud',
          occurredAt,
          recordedAt: occurredAt,
          errorCode: null,
          errorMessage: null,
          cardBrand: 'visa',
          cardLast4: '4242',
        }) as PaymentAttempt;
      const paid = (at: string, cents: number, overrides: Partial<NewBooking> = {}) =>
        make({ overrides: { paymentAttempts: [payment(at, cents)], ...overrides } });
      await paid('2031-03-02T01:00:00.000Z', 14250);
      await paid('2031-03-02T03:30:00.000Z', 22000, {
        partner: 'Riverside Grand',
        refundCents: 5000,
      });
      // 23:30 UTC on 9 March is 9:30 on 10 March in Queensland.
      await paid('2031-03-09T23:30:00.000Z', 18575, { partner: 'Riverside Grand' });
      // Cancelled after paying: still counted, with what was refunded.
      await paid('2031-03-10T02:00:00.000Z', 10001, { status: 'CANCELLED', refundCents: 10001 });
      // Outside March (13:59 UTC on 28 February is 23:59 there), declined, and never paid.
      await paid('2031-02-28T13:59:00.000Z', 11111);
      await make({
        status: 'REJECTED',
        overrides: { paymentAttempts: [payment('2031-03-03T01:00:00.000Z', 9900, 'failed')] },
      });
      await make({ status: 'DRAFT' });

      const sums = async (by: 'day' | 'month' | 'partner', paidFrom = '2031-03-01') =>
        (await store.summarizePayments({ paidFrom, paidTo: '2031-03-31', by })).sort((a, b) =>
          (a.key ?? '').localeCompare(b.key ?? ''),
        );
      expect(await sums('day')).toEqual([
        { key: '2031-03-02', bookings: 2, paidCents: 36250, refundedCents: 5000 },
        { key: '2031-03-10', bookings: 2, paidCents: 28576, refundedCents: 10001 },
      ]);
      expect(await sums('month', '2031-02-01')).toEqual([
        { key: '2031-02', bookings: 1, paidCents: 11111, refundedCents: 0 },
        { key: '2031-03', bookings: 4, paidCents: 64826, refundedCents: 15001 },
      ]);
      expect(await sums('partner')).toEqual([
        { key: null, bookings: 2, paidCents: 24251, refundedCents: 10001 },
        { key: 'Riverside Grand', bookings: 2, paidCents: 40575, refundedCents: 5000 },
      ]);
      await expect(
        store.summarizePayments({ paidFrom: '2031-04-01', paidTo: '2031-04-30', by: 'day' }),
      ).resolves.toEqual([]);
    });

    it('has nothing to fill in bookings it wrote itself', async () => {
      await make();
      await make({ status: 'DRAFT' });
      await expect(store.reindexBookings()).resolves.toEqual({
        looked: 2,
        updated: 0,
        cursor: null,
      });
    });
  });
}
