// The one mapping between the domain booking and the stored "Booking" document: lossless both
// ways for any valid booking, able to read what the code before the domain model wrote, and
// writing exactly the field layout the client's other tools read.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fareLineKinds,
  NO_CHILD_SEATS,
  type Booking,
  type ContactDetails,
  type FareLine,
  placeKinds,
  type Place,
} from '@business-chauffeur/booking-contract';
import { sampleNewBooking } from '../../tests/support/booking-fixtures';
import { fromStoredBooking, toStoredBooking, type StoredBooking } from './stored-booking.server';
import { STAFF_INDEX_VERSION } from './booking-staff-index.server';
import {
  legacyConfirmedDocument,
  STORED_FIELD_PATHS,
} from '../../tests/support/legacy-booking-document';

const text = fc.string({ maxLength: 12 });
const id = fc.stringMatching(/^[A-Za-z0-9_]{1,24}$/);
const iso = fc
  .integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2035, 0, 1) })
  .map((ms) => new Date(ms).toISOString());
const cents = fc.integer({ min: 0, max: 10_000_000 });
const status = fc.constantFrom('DRAFT' as const, 'CONFIRMED' as const, 'REJECTED' as const);
const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

// Kind and Address details are optional: trips quoted before them have neither.
const place: fc.Arbitrary<Place> = fc.record(
  {
    placeId: id,
    description: text,
    kind: fc.constantFrom(...placeKinds),
    details: fc.constantFrom('12 Smith Street', "3/12 O'Connell St.", 'Gate 3'),
  },
  { requiredKeys: ['placeId', 'description'] },
);
/** The flight of an airport pickup, absent for other trips. */
const flight = fc.option(fc.constantFrom('QF512', 'VA1234', 'JQ790'), { nil: undefined });
const contact: fc.Arbitrary<ContactDetails> = fc.record({
  firstName: text,
  lastName: text,
  email: text,
  countryCode: text,
  mobileNumber: text,
});
const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const leg = fc.record({
  distanceMeters: fc.integer({ min: 0, max: 1_000_000 }),
  durationSeconds: fc.integer({ min: 0, max: 100_000 }),
});

const seats = fc.integer({ min: 0, max: 3 });
const fareLine: fc.Arbitrary<FareLine> = fc.record({
  kind: fc.constantFrom(...fareLineKinds),
  label: text,
  detail: nullable(text),
  amountCents: fc.integer({ min: -100_000, max: 10_000_000 }),
});

const handled = fc.record({ at: iso, by: id, note: text });

const booking: fc.Arbitrary<Booking> = fc
  .record({
    id,
    reference: fc.stringMatching(/^[0-9A-Z]{8,12}$/),
    status,
    statusHistory: fc.array(fc.record({ status, at: iso }), { minLength: 1, maxLength: 4 }),
    trip: fc.boolean().chain((byTheHour) =>
      fc
        .record({
          pickup: place,
          stops: fc.array(place, { maxLength: 4 }),
          drop: place,
          date: fc.constantFrom('2031-03-14', '2026-12-31'),
          time,
          passengers: fc.integer({ min: 1, max: 14 }),
          byTheHour: fc.constant(byTheHour),
          hours: byTheHour ? fc.integer({ min: 1, max: 12 }) : fc.constant(0),
          notes: text,
          childSeats: fc.record({ babyCapsule: seats, childSeat: seats, booster: seats }),
          trailer: fc.boolean(),
          suitcases: fc.integer({ min: 0, max: 8 }),
          smallBags: fc.integer({ min: 0, max: 8 }),
          flightNumber: flight,
        })
        .map(({ flightNumber, ...trip }) => (flightNumber ? { ...trip, flightNumber } : trip)),
    ),
    route: fc.record({
      distanceMeters: fc.integer({ min: 0, max: 1_000_000 }),
      durationSeconds: fc.integer({ min: 0, max: 100_000 }),
      legs: fc.array(leg, { minLength: 1, maxLength: 5 }),
    }),
    vehicle: fc.record({
      id,
      slug: id,
      name: text,
      type: nullable(fc.constantFrom('sedan', 'suv', 'peopleMover', 'coach')),
    }),
    contacts: fc.record({ passenger: contact, booker: nullable(contact) }),
    fareCents: cents,
    fareLines: fc.array(fareLine, { minLength: 1, maxLength: 6 }),
    promoCode: nullable(fc.stringMatching(/^[A-Z0-9]{3,12}$/)),
    refundCents: nullable(cents),
    payment: fc.record({
      provider: nullable(fc.constantFrom('stripe' as const, 'sandbox' as const)),
      intentId: nullable(id),
      providerPaymentRef: nullable(id),
      clientSecretHash: nullable(fc.stringMatching(/^[0-9a-f]{64}$/)),
      amountCents: cents,
      error: nullable(
        fc.record({
          type: fc.constantFrom('card_error', 'validation_error', 'api_error'),
          code: id,
          message: text,
        }),
      ),
    }),
    partner: nullable(text),
    userId: nullable(id),
    quote: fc.record({ id, issuedAt: iso, expiresAt: iso }),
    paymentAttempts: fc.array(
      fc.record({
        eventId: id,
        outcome: fc.constantFrom('succeeded' as const, 'failed' as const),
        paymentIntentId: id,
        amountCents: cents,
        currency: fc.constantFrom('aud', 'usd'),
        occurredAt: iso,
        recordedAt: iso,
        errorCode: nullable(id),
        errorMessage: nullable(text),
        cardBrand: nullable(text),
        cardLast4: nullable(fc.stringMatching(/^[0-9]{4}$/)),
      }),
      { maxLength: 3 },
    ),
    cancellationRequests: fc.array(
      fc.record({ requestedAt: iso, channel: fc.constant('website' as const) }),
      { maxLength: 3 },
    ),
    confirmationEmail: fc.record({
      claimedAt: nullable(iso),
      sentAt: nullable(iso),
      messageId: nullable(id),
    }),
    idempotencyKey: id,
    requestFingerprint: id,
    createdAt: iso,
    updatedAt: iso,
  })
  .chain((value) =>
    // Staff marked its cancellation requests handled, or never did (no field at all).
    fc
      .option(handled, { nil: undefined })
      .map((cancellationHandled) =>
        cancellationHandled ? { ...value, cancellationHandled } : value,
      ),
  );

/** Every path of a document's fields ("paymentDetails.amount", "quote.trip.stops[]", …). */
function fieldPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [`${prefix}[]`, ...fieldPaths(value[0], `${prefix}[]`)];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...fieldPaths(child, path)];
  });
}

describe('toStoredBooking and fromStoredBooking', () => {
  it('give back the very booking for any valid booking', () => {
    fc.assert(
      fc.property(booking, (value) => {
        expect(fromStoredBooking(toStoredBooking(value))).toEqual(value);
      }),
    );
  });

  it('survive a JSON round trip, as the SQLite adapter stores the document', () => {
    fc.assert(
      fc.property(booking, (value) => {
        const stored = JSON.parse(JSON.stringify(toStoredBooking(value))) as StoredBooking;
        expect(fromStoredBooking(stored)).toEqual(value);
      }),
    );
  });

  it('read a document written before the domain model', () => {
    const read = fromStoredBooking(legacyConfirmedDocument);
    expect(read).toEqual({
      id: 'Xb7TqL2mN9pR4sV6wY8z',
      reference: 'MH3K9Q2A',
      status: 'CONFIRMED',
      statusHistory: [
        { status: 'DRAFT', at: '2031-03-01T09:00:00.000Z' },
        { status: 'CONFIRMED', at: '2031-03-01T09:05:00.000Z' },
      ],
      trip: {
        ...legacyConfirmedDocument.quote.trip,
        childSeats: NO_CHILD_SEATS,
        trailer: false,
        suitcases: 0,
        smallBags: 0,
      },
      route: {
        distanceMeters: 93_400,
        durationSeconds: 5100,
        legs: legacyConfirmedDocument.quote.legs,
      },
      vehicle: {
        id: 'vehicleType-executive-sedan',
        slug: 'sedan',
        name: 'Executive Sedan',
        type: null,
      },
      contacts: {
        passenger: {
          firstName: 'Ngaio',
          lastName: "O'Connor-Tāne",
          email: 'Ngaio.OConnor@example.com',
          countryCode: '+61',
          mobileNumber: '0412345678',
        },
        booker: {
          firstName: 'Sam',
          lastName: 'Booker',
          email: 'sam@example.com',
          countryCode: '+61',
          mobileNumber: '0498765432',
        },
      },
      fareCents: 14250,
      // Written before fare lines: the fare as its one line.
      fareLines: [{ kind: 'fare', label: 'Fare', detail: null, amountCents: 14250 }],
      promoCode: null,
      refundCents: null,
      payment: {
        provider: 'sandbox',
        intentId: 'pi_sandbox_1',
        providerPaymentRef: 'pi_sandbox_1',
        clientSecretHash: 'a'.repeat(64),
        amountCents: 14250,
        error: null,
      },
      partner: 'riverside-grand (https://riverside.example)',
      userId: null,
      quote: {
        id: 'quote-1',
        issuedAt: '2031-03-01T08:55:00.000Z',
        expiresAt: '2031-03-01T09:25:00.000Z',
      },
      paymentAttempts: [
        {
          eventId: 'evt_sandbox_1',
          outcome: 'succeeded',
          paymentIntentId: 'pi_sandbox_1',
          amountCents: 14250,
          currency: 'aud',
          occurredAt: '2031-03-01T09:05:00.000Z',
          recordedAt: '2031-03-01T09:05:00.000Z',
          errorCode: null,
          errorMessage: null,
          cardBrand: 'visa',
          cardLast4: '4242',
        },
      ],
      cancellationRequests: [],
      confirmationEmail: {
        claimedAt: '2031-03-01T09:05:00.000Z',
        sentAt: '2031-03-01T09:05:01.000Z',
        messageId: 'outbox-1',
      },
      idempotencyKey: 'request:abc',
      requestFingerprint: 'abc',
      createdAt: '2031-03-01T09:00:00.000Z',
      updatedAt: '2031-03-01T09:05:00.000Z',
    } satisfies Booking);
    // Written back, it is the same document plus what it now keeps: the status history, the fare
    // lines, the promo code, the contacts' emails in lower case and what staff views select by.
    const {
      statusHistory,
      promoCode,
      contactEmails,
      staffIndex,
      quote: { lines, ...quote },
      ...rewritten
    } = toStoredBooking(read);
    expect({ ...rewritten, quote }).toEqual(legacyConfirmedDocument);
    expect(statusHistory).toEqual(read.statusHistory);
    expect(lines).toEqual(read.fareLines);
    expect(promoCode).toBeNull();
    expect(contactEmails).toEqual(['ngaio.oconnor@example.com', 'sam@example.com']);
    expect(staffIndex).toMatchObject({
      version: STAFF_INDEX_VERSION,
      listed: true,
      pickupAt: '2031-03-14T10:00',
      cancellation: null,
      paidOn: '2031-03-01',
      paidCents: 14250,
      refundedCents: 0,
    });
    expect(staffIndex?.searchKeys).toEqual(
      expect.arrayContaining(['r:MH3K9Q2A', 'e:sam@example.com', 'p:+61412345678', 'n:ngaio']),
    );
  });

  it('read the placeholders of an unpaid and of a declined document as null', () => {
    const unpaid = fromStoredBooking({
      ...legacyConfirmedDocument,
      bookingStatus: 'DRAFT',
      paymentDetails: {
        ...legacyConfirmedDocument.paymentDetails,
        paymentRefId: 0,
        paymentIntentId: 0,
      },
    });
    expect(unpaid.payment).toMatchObject({ intentId: null, providerPaymentRef: null });
    expect(unpaid.statusHistory).toEqual([{ status: 'DRAFT', at: '2031-03-01T09:00:00.000Z' }]);
    const declined = fromStoredBooking({
      ...legacyConfirmedDocument,
      bookingStatus: 'REJECTED',
      paymentDetails: {
        ...legacyConfirmedDocument.paymentDetails,
        paymentRefId: -1,
        error: { code: 'card_declined', description: 'Your card was declined.' },
      },
    });
    expect(declined.payment).toMatchObject({
      providerPaymentRef: null,
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    expect(toStoredBooking(declined).paymentDetails.paymentRefId).toBe(-1);
    expect(
      toStoredBooking({ ...declined, payment: { ...declined.payment, error: null } }).paymentDetails
        .paymentRefId,
    ).toBe(0);
  });

  it("keep Address details and the flight inside the quote's trip, only when present", () => {
    const base = sampleNewBooking();
    const stored = toStoredBooking({
      ...base,
      id: 'b1',
      reference: 'MH3K9Q2A',
      trip: {
        ...base.trip,
        pickup: { ...base.trip.pickup, kind: 'airport' },
        drop: { ...base.trip.drop, kind: 'locality', details: '12 Smith Street' },
        flightNumber: 'QF512',
      },
    });
    const paths = fieldPaths(stored);
    expect(paths).toContain('quote.trip.drop.details');
    expect(paths).toContain('quote.trip.flightNumber');
    expect(paths).not.toContain('quote.trip.pickup.details');
    expect(stored.quote.trip).toMatchObject({
      drop: { details: '12 Smith Street' },
      flightNumber: 'QF512',
    });
    // A trip without them writes none of these paths.
    const plain = fieldPaths(toStoredBooking({ ...base, id: 'b2', reference: 'MH3K9Q2B' }));
    expect(plain.filter((path) => /details|flightNumber/.test(path))).toEqual([]);
  });

  it('write the stored field layout, field for field', () => {
    const stored = toStoredBooking({
      ...sampleNewBooking({
        contacts: { ...sampleNewBooking().contacts, booker: sampleNewBooking().contacts.passenger },
        paymentAttempts: legacyConfirmedDocument.paymentAttempts.map(({ amount, ...attempt }) => ({
          ...attempt,
          amountCents: Math.round(amount * 100),
        })),
        cancellationRequests: [{ requestedAt: '2031-03-02T00:00:00.000Z', channel: 'website' }],
        payment: {
          ...sampleNewBooking().payment,
          error: { type: 'card_error', code: 'card_declined', message: 'Declined.' },
        },
      }),
      id: 'b1',
      reference: 'MH3K9Q2A',
    });
    expect(fieldPaths(stored).sort()).toEqual(STORED_FIELD_PATHS);
    expect(stored).toMatchObject({
      bookingId: 'b1',
      bookingReferenceId: 'MH3K9Q2A',
      bookingFee: 142.5,
      isBookingLogged: true,
      flagForDistanceCalculation: false,
      pageDisplay: { currentTab: 4, nextTab: 4, stepIndicator: 4 },
      location: {
        fromLocationFlag: true,
        stopLocation: 'South Bank, Brisbane QLD',
        stopPlaceId: 'gaz-south-bank',
        stopLocationFlag: true,
        stopLocation2: '',
        stopPlaceId2: '',
        stopLocationFlag2: false,
      },
      generalDetails: { expectedEndTime: '11:25', numberOfHours: 0 },
      distanceMatrix: {
        tollFees: 0,
        changeFlag: false,
        distance: { text: '93.4 km', value: 93_400, unit: 'km' },
        duration: { text: '1 hr 25 mins', value: 85, unit: 'minutes' },
      },
      paymentDetails: { amount: 142.5, currency: 'AUD', paymentRefId: -1, paymentIntentId: 0 },
      quote: { fare: 142.5, fareCents: 14250, currency: 'AUD' },
    });
  });
});

describe("a booking's staff changes in the stored document", () => {
  const adjustment = fc.record({
    sequence: fc.integer({ min: 1, max: 9 }),
    at: iso,
    by: text,
    reason: text,
    lines: fc.array(fareLine, { minLength: 1, maxLength: 4 }),
    totalCents: cents,
    differenceCents: fc.integer({ min: -1_000_000, max: 1_000_000 }),
  });
  const refund = fc.record(
    {
      key: id,
      amountCents: cents,
      reason: text,
      by: text,
      requestedAt: iso,
      status: fc.constantFrom('pending' as const, 'succeeded' as const),
      providerRefundId: nullable(id),
      dueBackCents: fc.integer({ min: 1, max: 100_000 }),
    },
    {
      requiredKeys: [
        'key',
        'amountCents',
        'reason',
        'by',
        'requestedAt',
        'status',
        'providerRefundId',
      ],
    },
  );
  const changed: fc.Arbitrary<Booking> = fc
    .tuple(
      booking,
      fc.integer({ min: 1, max: 9 }),
      fc.array(adjustment, { maxLength: 3 }),
      fc.array(refund, { maxLength: 3 }),
    )
    .map(([value, calendarSequence, adjustments, refunds]) => ({
      ...value,
      calendarSequence,
      ...(adjustments.length ? { adjustments } : {}),
      ...(refunds.length ? { refunds } : {}),
    }));

  it('keeps what was charged, every adjustment and what each refund paid back', () => {
    fc.assert(
      fc.property(changed, (value) => {
        const stored = JSON.parse(JSON.stringify(toStoredBooking(value))) as StoredBooking;
        expect(stored.quote.fareCents).toBe(value.fareCents);
        expect(stored.quote.lines).toEqual(value.fareLines);
        expect(fromStoredBooking(stored)).toEqual(value);
      }),
    );
  });

  it('reads a document changed before adjustments were kept as charged what its payment took', () => {
    // The old change wrote its fare (238.40, after hours) over the quote; the card paid 207.30.
    const changedLines: FareLine[] = [
      { kind: 'fare', label: 'Fare (base and distance)', detail: '93.4 km', amountCents: 20_730 },
      {
        kind: 'afterHours',
        label: 'After-hours surcharge',
        detail: '15% of the fare',
        amountCents: 3_110,
      },
    ];
    const paid = {
      ...legacyConfirmedDocument,
      paymentAttempts: [{ ...legacyConfirmedDocument.paymentAttempts[0]!, amount: 207.3 }],
      paymentDetails: { ...legacyConfirmedDocument.paymentDetails, amount: 207.3 },
    };
    const doc: StoredBooking = {
      ...paid,
      bookingFee: 238.4,
      calendarSequence: 1,
      updatedAt: '2031-03-02T01:00:00.000Z',
      quote: { ...paid.quote, fare: 238.4, fareCents: 23_840, lines: changedLines },
    };
    const read = fromStoredBooking(doc);
    expect(read.fareCents).toBe(20_730);
    expect(read.fareLines).toEqual([
      { kind: 'fare', label: 'Fare as paid', detail: null, amountCents: 20_730 },
    ]);
    expect(read.adjustments).toEqual([
      {
        sequence: 1,
        at: '2031-03-02T01:00:00.000Z',
        by: 'staff',
        reason: 'Changed by staff before changes were kept apart from the fare paid',
        lines: changedLines,
        totalCents: 23_840,
        differenceCents: 3_110,
      },
    ]);
    // Written back in the new layout, it reads the same again.
    expect(fromStoredBooking(toStoredBooking(read))).toEqual(read);
    // A document that was never changed, or changed at the price paid, reads as it is.
    expect(fromStoredBooking({ ...doc, calendarSequence: undefined }).fareCents).toBe(23_840);
    const samePrice = { ...paid.quote, fare: 207.3, fareCents: 20_730 };
    expect(
      fromStoredBooking({ ...paid, calendarSequence: 1, quote: samePrice }).adjustments,
    ).toBeUndefined();
  });
});
