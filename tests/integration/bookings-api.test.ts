// POST /api/bookings, the sandbox payment and the payment status, through the real Remix request
// handler on the embedded adapters (SQLite store, sandbox payments, outbox mail): issue 4's "Done
// when" for bookings and payments.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  bookingResponseSchema,
  lookupResponseSchema,
  messages,
  paymentStatusResponseSchema,
  placesResponseSchema,
  quoteResponseSchema,
  timeInBrisbane,
  todayInBrisbane,
  type BookingResponse,
  type PaymentStatusResponse,
} from '@business-chauffeur/booking-contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signQuote } from '~/booking/quote-token.server';
import { listOutbox, outboxPath, parseHeaders } from '~/mail/outbox-mailer.server';
import type * as BookingsModule from '~/booking/bookings.server';
import type * as PaymentsModule from '~/payments/payments.server';
import type { Booking } from '~/store/booking-store.server';
import { sqliteStorePath } from '~/store/sqlite-booking-store.server';
import type * as StoreModule from '~/store/store.server';
import {
  PEOPLE_MOVER,
  SEDAN,
  bookingBody,
  passenger,
  sampleQuotePayload,
  sampleTrip,
  signedQuote,
} from '../support/quotes';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import {
  TEST_PARTNER_ORIGIN,
  TEST_SESSION_SECRET,
  useTestEnvironment,
} from '../support/test-environment';

// Each file starts a real server (and an emulator); on a busy machine a step can take seconds.
vi.setConfig({ testTimeout: 60_000 });

const env = useTestEnvironment();
let app: RemixApp;

beforeAll(async () => {
  app = await startRemixApp();
});

afterAll(async () => {
  await app?.close();
  env.restore();
});

const store = async () =>
  (await app.load<typeof StoreModule>('/app/store/store.server.ts')).getBookingStore();
const gateway = async () =>
  (await app.load<typeof PaymentsModule>('/app/payments/payments.server.ts')).getPaymentGateway();

function book(body: unknown, headers: Record<string, string> = {}) {
  return app.request('/api/bookings', { method: 'POST', json: body, headers });
}

async function booked(body: unknown = bookingBody(), headers: Record<string, string> = {}) {
  const response = await book(body, headers);
  expect(response.status, await response.clone().text()).toBe(201);
  return bookingResponseSchema.parse(await response.json());
}

async function pay(booking: BookingResponse, number = '4242 4242 4242 4242', cvc = '123') {
  const response = await app.request(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
    method: 'POST',
    json: {
      clientSecret: booking.payment.clientSecret,
      card: { number, expiry: '12/34', cvc },
    },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return paymentStatusResponseSchema.parse(await response.json());
}

async function status(booking: BookingResponse): Promise<PaymentStatusResponse> {
  const response = await app.request(
    `/api/bookings/${booking.bookingId}/payment-status?clientSecret=${encodeURIComponent(booking.payment.clientSecret)}`,
  );
  expect(response.status).toBe(200);
  return paymentStatusResponseSchema.parse(await response.json());
}

async function saved(booking: BookingResponse): Promise<Booking> {
  const found = await (await store()).getBooking(booking.bookingId);
  if (!found) throw new Error('The booking was not saved.');
  return found;
}

async function emailsFor(reference: string) {
  const entries = await listOutbox(outboxPath(env.dataDir));
  return entries.filter((entry) => entry.subject.includes(reference));
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  // Nothing of the server's internals leaks into an answer.
  expect(JSON.stringify(body)).not.toMatch(/\.ts:\d|\bat \w+ \(|node_modules|Error:/);
  return body;
}

describe('a guest booking from quote to CONFIRMED', () => {
  it('goes from place search and POST /api/quotes to a CONFIRMED booking', async () => {
    const place = async (q: string) => {
      const response = await app.request(`/api/places?q=${encodeURIComponent(q)}`);
      const { suggestions } = placesResponseSchema.parse(await response.json());
      const first = suggestions[0];
      if (!first) throw new Error(`No place for ${q}`);
      return first;
    };
    const [pickup, stop, drop] = await Promise.all([
      place('Brisbane Airport Domestic'),
      place('South Bank Parklands'),
      place('Surfers Paradise'),
    ]);
    const date = todayInBrisbane(new Date(Date.now() + 2 * 24 * 3600_000));
    const quoteResponse = await app.request('/api/quotes', {
      method: 'POST',
      json: {
        pickup,
        drop,
        stops: [{ enabled: true, ...stop }],
        date,
        time: '14:30',
        passengers: 2,
        byTheHour: false,
        hours: 0,
        notes: 'Flight QF512',
      },
    });
    expect(quoteResponse.status, await quoteResponse.clone().text()).toBe(200);
    const quote = quoteResponseSchema.parse(await quoteResponse.json());
    const vehicle = quote.vehicles.find((card) => card.canCarry && card.fare !== null);
    if (!vehicle || vehicle.fare === null) throw new Error('No vehicle was priced.');

    const booking = await booked({
      quoteToken: quote.quoteToken,
      vehicleId: vehicle.id,
      passenger,
      onBehalf: false,
      // The widget never sends an amount; a client that does is ignored.
      amount: 5,
    });
    expect(booking).toMatchObject({ status: 'DRAFT', amount: vehicle.fare });
    const paid = await pay(booking);
    expect(paid).toMatchObject({ status: 'CONFIRMED', amount: vehicle.fare });
    const confirmed = await saved(booking);
    expect(confirmed.quote).toMatchObject({
      trip: { pickup, stops: [stop], drop, date, time: '14:30' },
      distanceMeters: quote.distanceMeters,
      durationSeconds: quote.durationSeconds,
      fare: vehicle.fare,
    });
    expect(confirmed.location).toMatchObject({
      fromPlaceId: pickup.placeId,
      stopPlaceId: stop.placeId,
      toPlaceId: drop.placeId,
    });
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
  });

  it('saves a DRAFT booking, takes the card, confirms it and sends one email', async () => {
    const booking = await booked();
    expect(booking).toMatchObject({
      status: 'DRAFT',
      amount: SEDAN.fare,
      currency: 'AUD',
      payment: { provider: 'sandbox', testMode: true },
    });
    expect(booking.bookingReferenceId).toMatch(/^[0-9A-Z]{8,12}$/);

    const draft = await saved(booking);
    expect(draft).toMatchObject({
      bookingStatus: 'DRAFT',
      bookingReferenceId: booking.bookingReferenceId,
      bookingFee: SEDAN.fare,
      selectedVehicleId: SEDAN.id,
      vehicleSelection: { id: SEDAN.id, name: SEDAN.title, type: SEDAN.slug },
      location: {
        pickupLocation: sampleTrip().pickup.description,
        stopLocation: 'South Bank, Brisbane QLD',
        stopLocationFlag: true,
        stopLocationFlag2: false,
        dropLocation: 'Surfers Paradise QLD',
      },
      generalDetails: { bookingTime: '10:00', passengersCount: 2, expectedEndTime: '11:25' },
      distanceMatrix: { distance: { value: 93_400, unit: 'km' }, duration: { value: 85 } },
      passengerDetails: { ...passenger, onBehalfCheck: false, bookingPerson: null },
      paymentDetails: {
        amount: SEDAN.fare,
        currency: 'AUD',
        paymentRefId: 0,
        paymentIntentId: booking.payment.paymentIntentId,
        provider: 'sandbox',
      },
      partnerId: null,
    });
    expect(await status(booking)).toMatchObject({
      status: 'DRAFT',
      payment: { status: 'requires_payment_method', error: null },
    });

    const paid = await pay(booking);
    expect(paid).toMatchObject({
      bookingReferenceId: booking.bookingReferenceId,
      status: 'CONFIRMED',
      amount: SEDAN.fare,
      payment: { status: 'succeeded', error: null },
    });
    const confirmed = await saved(booking);
    expect(confirmed.bookingStatus).toBe('CONFIRMED');
    expect(confirmed.paymentDetails).toMatchObject({
      paymentRefId: booking.payment.paymentIntentId,
      amount: SEDAN.fare,
      currency: 'AUD',
      error: null,
    });
    expect(confirmed.paymentAttempts).toEqual([
      expect.objectContaining({ outcome: 'succeeded', cardBrand: 'visa', cardLast4: '4242' }),
    ]);
    // Card data is never stored: only brand and last 4.
    expect(JSON.stringify(confirmed)).not.toContain('4242424242424242');
    expect(await status(booking)).toMatchObject({
      status: 'CONFIRMED',
      payment: { status: 'succeeded' },
    });

    const emails = await emailsFor(booking.bookingReferenceId);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.to).toBe(passenger.email);
    const raw = readFileSync(path.join(outboxPath(env.dataDir), emails[0]?.name ?? ''), 'utf8');
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toMatch(/Content-Type: text\/calendar/);
    expect(raw).toContain(`booking-${booking.bookingReferenceId}.ics`);

    // Paying again charges nothing: the intent has succeeded and the booking stays as it is.
    const again = await pay(booking);
    expect(again.status).toBe('CONFIRMED');
    expect((await saved(booking)).paymentAttempts).toHaveLength(1);
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
  });

  it('takes the passenger on behalf of a booking person and emails both', async () => {
    const booker = {
      firstName: 'Priya',
      lastName: 'Raman',
      email: 'priya.raman@example.com',
      countryCode: '+64',
      mobileNumber: '0211234567',
    };
    const booking = await booked(bookingBody({ onBehalf: true, bookingPerson: booker }));
    expect((await saved(booking)).passengerDetails).toMatchObject({
      onBehalfCheck: true,
      bookingPerson: booker,
    });
    await pay(booking);
    const [email] = await emailsFor(booking.bookingReferenceId);
    expect(email?.to).toBe(`${passenger.email}, ${booker.email}`);
  });
});

describe("the trip's places are the provider's", () => {
  it('stores, emails and shows on lookup the gazetteer name of a place id, never the text the client sent', async () => {
    const quoteResponse = await app.request('/api/quotes', {
      method: 'POST',
      json: {
        pickup: { placeId: 'gz:4000-brisbane-city', description: 'Cairns Airport QLD' },
        drop: { placeId: 'gz:4217-surfers-paradise', description: 'Sydney Opera House' },
        date: todayInBrisbane(new Date(Date.now() + 2 * 24 * 3600_000)),
        time: '14:30',
        passengers: 2,
      },
    });
    expect(quoteResponse.status, await quoteResponse.clone().text()).toBe(200);
    const quote = quoteResponseSchema.parse(await quoteResponse.json());
    const booking = await booked(bookingBody({ quoteToken: quote.quoteToken }));
    await pay(booking);

    const stored = await saved(booking);
    expect(stored.location).toMatchObject({
      pickupLocation: 'Brisbane City QLD 4000',
      fromPlaceId: 'gz:4000-brisbane-city',
    });
    expect(stored.quote.trip.pickup.description).toBe('Brisbane City QLD 4000');
    const [entry] = await emailsFor(booking.bookingReferenceId);
    const email = decodeParts(
      readFileSync(path.join(outboxPath(env.dataDir), entry?.name ?? ''), 'utf8'),
    );
    expect(email).toContain('From: Brisbane City QLD 4000');
    const lookup = await app.request('/api/bookings/lookup', {
      method: 'POST',
      json: { email: passenger.email, bookingNumber: booking.bookingReferenceId },
    });
    expect(lookup.status, await lookup.clone().text()).toBe(200);
    const view = lookupResponseSchema.parse(await lookup.json()).booking;
    expect(view.trip.pickup.description).toBe('Brisbane City QLD 4000');
    for (const text of [JSON.stringify(stored), email, JSON.stringify(view)]) {
      expect(text).not.toMatch(/Cairns|Sydney Opera/);
    }
  });
});

describe('a payment when the pickup is now less than an hour away', () => {
  const PHONE = '1300 975 707';

  /** A booking saved in time whose pickup is now 35 minutes away (a tab left open). */
  async function lateBooking(options: { withoutPayment?: boolean } = {}) {
    const booking = await booked();
    const soon = new Date(Date.now() + 35 * 60_000);
    await (
      await store()
    ).updateBooking(booking.bookingId, (current) => ({
      ...current,
      quote: {
        ...current.quote,
        trip: { ...current.quote.trip, date: todayInBrisbane(soon), time: timeInBrisbane(soon) },
      },
      ...(options.withoutPayment
        ? { paymentDetails: { ...current.paymentDetails, paymentIntentId: 0 } }
        : {}),
    }));
    return booking;
  }

  it('refuses the sandbox card with the support phone before any charge, and cancels the payment', async () => {
    const booking = await lateBooking();
    const response = await app.request(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
      method: 'POST',
      json: {
        clientSecret: booking.payment.clientSecret,
        card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      },
    });
    const body = await expectError(response, 409, 'too_late_to_pay');
    expect(body.error.message).toBe(messages.bookingApi.tooLateToPay(PHONE));
    const after = await saved(booking);
    expect(after.bookingStatus).toBe('DRAFT');
    expect(after.paymentAttempts).toEqual([]);
    const intent = await (await gateway()).retrievePaymentIntent(booking.payment.paymentIntentId);
    expect(intent).toMatchObject({ status: 'canceled', card: null });
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(0);
  });

  it('answers the payment status with the reason, so the card form is never used', async () => {
    const booking = await lateBooking();
    expect(await status(booking)).toMatchObject({
      status: 'DRAFT',
      payment: {
        status: 'failed',
        error: { code: 'too_late_to_pay', message: messages.bookingApi.tooLateToPay(PHONE) },
      },
    });
    const intent = await (await gateway()).retrievePaymentIntent(booking.payment.paymentIntentId);
    expect(intent?.status).toBe('canceled');
  });

  it('creates no payment for it', async () => {
    const booking = await lateBooking({ withoutPayment: true });
    const bookings = await app.load<typeof BookingsModule>('/app/booking/bookings.server.ts');
    const error = await bookings
      .ensurePayment(await saved(booking))
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 409,
      code: 'too_late_to_pay',
      message: messages.bookingApi.tooLateToPay(PHONE),
    });
    expect((await saved(booking)).paymentDetails.paymentIntentId).toBe(0);
  });

  it('still takes the payment of a booking whose pickup is more than an hour away', async () => {
    const booking = await booked();
    expect(await pay(booking)).toMatchObject({ status: 'CONFIRMED' });
  });
});

describe('declined cards and retries', () => {
  it('records REJECTED with the card message, then a good card confirms the same booking', async () => {
    const booking = await booked();
    const declined = await pay(booking, '4000 0000 0000 0002');
    expect(declined).toMatchObject({
      status: 'REJECTED',
      payment: {
        status: 'failed',
        error: { type: 'card_error', code: 'generic_decline', message: 'Your card was declined.' },
      },
    });
    const rejected = await saved(booking);
    expect(rejected.bookingStatus).toBe('REJECTED');
    expect(rejected.paymentDetails).toMatchObject({ paymentRefId: -1, amount: SEDAN.fare });
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(0);

    const poor = await pay(booking, '4000000000009995');
    expect(poor.payment.error?.message).toBe('Your card has insufficient funds.');

    const retried = await pay(booking, '4242424242424242');
    expect(retried).toMatchObject({ status: 'CONFIRMED', payment: { status: 'succeeded' } });
    const confirmed = await saved(booking);
    expect(confirmed.paymentDetails.paymentRefId).toBe(booking.payment.paymentIntentId);
    expect(confirmed.paymentAttempts.map((attempt) => attempt.outcome)).toEqual([
      'failed',
      'failed',
      'succeeded',
    ]);
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
  });

  it.each([
    ['4000 0000 0000 0069', '123', 'expired_card', 'Your card has expired.'],
    ['4000 0000 0000 0127', '123', 'incorrect_cvc', "Your card's security code is incorrect."],
    ['5105 1051 0510 5100', '123', 'generic_decline', 'Your card was declined.'],
  ])('declines %s like Stripe (%s)', async (number, cvc, code, message) => {
    const booking = await booked();
    const result = await pay(booking, number, cvc);
    expect(result).toMatchObject({
      status: 'REJECTED',
      payment: { status: 'failed', error: { type: 'card_error', code, message } },
    });
  });

  it('refuses a mistyped card before any charge and leaves the booking as it was', async () => {
    const booking = await booked();
    const result = await pay(booking, '4242 4242 4242 4241');
    expect(result).toMatchObject({
      status: 'DRAFT',
      payment: {
        status: 'requires_payment_method',
        error: { type: 'card_error', message: 'Your card number is incorrect.' },
      },
    });
    expect((await saved(booking)).paymentAttempts).toHaveLength(0);
  });
});

describe('the server decides the amount', () => {
  it('ignores any amount the client sends', async () => {
    const booking = await booked(
      bookingBody({
        amount: 1,
        fare: 1,
        bookingFee: 1,
        currency: 'USD',
        paymentDetails: { amount: 1, currency: 'USD' },
      }),
    );
    expect(booking.amount).toBe(SEDAN.fare);
    const intent = await (await gateway()).retrievePaymentIntent(booking.payment.paymentIntentId);
    expect(intent).toMatchObject({ amount: SEDAN.fareCents, currency: 'aud' });
    expect((await saved(booking)).paymentDetails.amount).toBe(SEDAN.fare);
  });

  it('charges the fare of the vehicle chosen from the quote', async () => {
    const booking = await booked(bookingBody({ vehicleId: PEOPLE_MOVER.id }));
    expect(booking.amount).toBe(PEOPLE_MOVER.fare);
  });
});

describe('quote tokens', () => {
  async function expectNothingCreated(run: () => Promise<void>) {
    const before = (await (await store()).listBookings({ limit: 1000 })).length;
    await run();
    expect(await (await store()).listBookings({ limit: 1000 })).toHaveLength(before);
  }

  it('refuses a token signed with another key', async () => {
    await expectNothingCreated(async () => {
      const forged = signQuote(sampleQuotePayload(), {
        secret: 'someone-else-s-secret-0123456789',
      });
      await expectError(await book(bookingBody({ quoteToken: forged })), 400, 'quote_invalid');
    });
  });

  it('refuses a genuine token whose fare was altered', async () => {
    await expectNothingCreated(async () => {
      const [payload, signature] = signedQuote().split('.') as [string, string];
      const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      data.vehicles[0].fare = 1;
      data.vehicles[0].fareCents = 100;
      const altered = `${Buffer.from(JSON.stringify(data)).toString('base64url')}.${signature}`;
      const body = await expectError(
        await book(bookingBody({ quoteToken: altered })),
        400,
        'quote_invalid',
      );
      expect(body.error.message).toBe(
        'Your quote could not be verified. Please go back to the first step to get a new quote.',
      );
    });
  });

  it('refuses an expired token', async () => {
    await expectNothingCreated(async () => {
      const expired = signQuote(
        sampleQuotePayload({ issuedAt: Date.now() - 3_600_000, expiresAt: Date.now() - 1000 }),
        { secret: TEST_SESSION_SECRET },
      );
      const body = await expectError(
        await book(bookingBody({ quoteToken: expired })),
        400,
        'quote_expired',
      );
      expect(body.error.message).toBe(
        'Your quote has expired. Please go back to the first step to get the current fares.',
      );
    });
  });

  it.each([['not-a-token'], ['abc.def'], ['']])('refuses the token %j', async (token) => {
    await expectNothingCreated(async () => {
      const response = await book(bookingBody({ quoteToken: token }));
      expect(response.status).toBe(400);
    });
  });

  it('refuses a vehicle the quote did not price, and one too small for the party', async () => {
    const unknown = await expectError(
      await book(bookingBody({ vehicleId: 'vehicleType.helicopter' })),
      400,
      'invalid_request',
    );
    expect(unknown).toMatchObject({
      error: { fields: { vehicleId: 'Please select the vehicle for your ride.' } },
    });
    const party = signedQuote({ trip: sampleTrip({ passengers: 5 }) });
    const small = await expectError(
      await book(bookingBody({ quoteToken: party, vehicleId: SEDAN.id })),
      400,
      'invalid_request',
    );
    expect(small).toMatchObject({
      error: {
        fields: {
          vehicleId: 'This vehicle cannot carry 5 passengers. Please choose a larger one.',
        },
      },
    });
  });

  it('refuses a quote whose pickup is now less than an hour away', async () => {
    const soon = new Date(Date.now() + 30 * 60_000);
    const token = signedQuote({
      trip: sampleTrip({ date: todayInBrisbane(soon), time: timeInBrisbane(soon) }),
    });
    const body = await expectError(
      await book(bookingBody({ quoteToken: token })),
      400,
      'invalid_request',
    );
    expect(body).toMatchObject({
      error: { fields: { time: 'Booking must be at least one hour from now.' } },
    });
  });
});

describe('passenger details', () => {
  it('answers each invalid field with the specification message', async () => {
    const body = await expectError(
      await book(
        bookingBody({
          passenger: {
            firstName: ' ',
            lastName: 'Walker',
            email: 'ngaio@',
            countryCode: '61',
            mobileNumber: '04 12',
          },
          onBehalf: true,
          bookingPerson: {
            firstName: '',
            lastName: '',
            email: '',
            countryCode: '+6',
            mobileNumber: '123',
          },
        }),
      ),
      400,
      'invalid_request',
    );
    expect(body).toMatchObject({
      error: {
        fields: {
          'passenger.firstName': 'Firstname is required.',
          'passenger.email': 'Please enter the valid email address.',
          'passenger.countryCode': 'Invalid country code. Must start with + and contain digits.',
          'passenger.mobileNumber': 'Invalid mobile number. Must contain digits only.',
          'bookingPerson.firstName': 'Firstname is required.',
          'bookingPerson.lastName': 'Lastname is required.',
          'bookingPerson.email': 'Email is required.',
          'bookingPerson.mobileNumber': 'Mobile number length must be between 8 and 15 digits.',
        },
      },
    });
  });
});

describe('double submission', () => {
  it('makes one booking and one payment for a repeated Idempotency-Key', async () => {
    const body = bookingBody();
    const headers = { 'Idempotency-Key': 'widget-attempt-7f3a9c21' };
    const first = await booked(body, headers);
    const second = await book(body, headers);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(first);
  });

  it('makes one booking and one payment for the same quote, vehicle and passenger', async () => {
    const body = bookingBody();
    const results = await Promise.all(Array.from({ length: 5 }, () => book(body)));
    const answers = await Promise.all(results.map((response) => response.json()));
    expect(results.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.bookingId)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.payment.paymentIntentId)).size).toBe(1);
  });

  it('refuses a key reused for a different booking', async () => {
    const headers = { 'Idempotency-Key': 'widget-attempt-0c1d2e3f' };
    await booked(bookingBody(), headers);
    await expectError(
      await book(bookingBody({ passenger: { ...passenger, firstName: 'Aroha' } }), headers),
      409,
      'conflict',
    );
  });
});

describe('failures', () => {
  it('answers a store failure with a clear error and creates no payment', async () => {
    const bookings = await store();
    const payments = await gateway();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const save = vi.spyOn(bookings, 'createBooking').mockRejectedValueOnce(new Error('disk full'));
    const create = vi.spyOn(payments, 'createPaymentIntent');
    const body = await expectError(await book(bookingBody()), 503, 'booking_unavailable');
    expect(body.error.message).toBe(
      'Error in creating the booking, Please contact the support team.',
    );
    expect(JSON.stringify(body)).not.toContain('disk full');
    expect(save).toHaveBeenCalledTimes(1);
    expect(create).not.toHaveBeenCalled();
  });

  it('survives a real database lock: a clear error, no payment, and the retry books once', async () => {
    // Another process holds SQLite's write lock (a backup, a stuck writer) for longer than the
    // store's busy timeout: the save fails for real, not through a mock.
    const payments = await gateway();
    const create = vi.spyOn(payments, 'createPaymentIntent');
    const other = new DatabaseSync(sqliteStorePath(env.dataDir));
    const body = bookingBody({ passenger: { ...passenger, email: 'locked.out@example.com' } });
    try {
      other.exec('BEGIN IMMEDIATE');
      const failed = await expectError(await book(body), 503, 'booking_unavailable');
      expect(failed.error.message).toBe(
        'Error in creating the booking, Please contact the support team.',
      );
      expect(create).not.toHaveBeenCalled();
    } finally {
      if (other.isTransaction) other.exec('ROLLBACK');
      other.close();
    }
    const retried = await book(body);
    expect(retried.status).toBe(201);
    const answer = bookingResponseSchema.parse(await retried.json());
    expect(create).toHaveBeenCalledTimes(1);
    expect((await pay(answer)).status).toBe('CONFIRMED');
    const all = await (await store()).listBookings({ limit: 1000 });
    const mine = all.filter((stored) => stored.passengerDetails.email === 'locked.out@example.com');
    expect(mine.map((stored) => stored.id)).toEqual([answer.bookingId]);
  });

  it('keeps the booking when the payment provider fails, and a retry gets its payment', async () => {
    const payments = await gateway();
    vi.spyOn(payments, 'createPaymentIntent').mockRejectedValueOnce(new Error('provider down'));
    const body = bookingBody();
    const failed = await expectError(await book(body), 502, 'payment_unavailable');
    expect(failed.error.message).toContain('1300 975 707');
    const retried = await book(body);
    expect(retried.status).toBe(200);
    const answer = bookingResponseSchema.parse(await retried.json());
    expect(answer.status).toBe('DRAFT');
    expect((await pay(answer)).status).toBe('CONFIRMED');
  });
});

describe('concurrency', () => {
  it('gives 50 concurrent bookings 50 distinct references and loses none', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => book(bookingBody())));
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(201));
    const answers = await Promise.all(
      responses.map(async (response) => bookingResponseSchema.parse(await response.json())),
    );
    expect(new Set(answers.map((answer) => answer.bookingReferenceId)).size).toBe(50);
    expect(new Set(answers.map((answer) => answer.payment.paymentIntentId)).size).toBe(50);
    const bookings = await store();
    for (const answer of answers) {
      const found = await bookings.findBookingByReference(answer.bookingReferenceId);
      expect(found?.id).toBe(answer.bookingId);
    }
  });
});

describe('API hygiene', () => {
  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const malformed = await app.request('/api/bookings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"quoteToken": ',
    });
    await expectError(malformed, 400, 'malformed_json');
    const oversized = await app.request('/api/bookings', {
      method: 'POST',
      json: bookingBody({ notes: 'x'.repeat(33 * 1024) }),
    });
    await expectError(oversized, 413, 'payload_too_large');
    await expectError(
      await app.request('/api/bookings', { method: 'POST' }),
      400,
      'malformed_json',
    );
  });

  it('answers other methods with 405', async () => {
    const response = await app.request('/api/bookings');
    await expectError(response, 405, 'method_not_allowed');
  });

  it('answers a partner origin preflight with CORS headers', async () => {
    const response = await app.request('/api/bookings', {
      method: 'OPTIONS',
      headers: {
        Origin: TEST_PARTNER_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, idempotency-key',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(TEST_PARTNER_ORIGIN);
    expect(response.headers.get('Access-Control-Allow-Methods')).toContain('POST');
    expect(response.headers.get('Access-Control-Allow-Headers')).toMatch(/Idempotency-Key/i);
    expect(response.headers.get('Vary')).toContain('Origin');
  });

  it.each([['https://evil.example'], ['null'], ['http://localhost.evil.example']])(
    'refuses the origin %s, at preflight and on POST, creating nothing',
    async (origin) => {
      const preflight = await app.request('/api/bookings', {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.status).toBe(403);
      expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull();
      const before = (await (await store()).listBookings({ limit: 1000 })).length;
      const post = await book(bookingBody(), { Origin: origin });
      await expectError(post, 403, 'origin_not_allowed');
      expect(post.headers.get('Access-Control-Allow-Origin')).toBeNull();
      expect(await (await store()).listBookings({ limit: 1000 })).toHaveLength(before);
    },
  );

  it('books from a partner site, with CORS headers, and records the partner', async () => {
    const response = await book(bookingBody(), { Origin: TEST_PARTNER_ORIGIN });
    expect(response.status).toBe(201);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(TEST_PARTNER_ORIGIN);
    const booking = bookingResponseSchema.parse(await response.json());
    expect((await saved(booking)).partnerId).toBe(TEST_PARTNER_ORIGIN);
  });

  it("stores the widget's partner attribute with the origin it came from", async () => {
    const response = await book(
      { ...bookingBody(), partner: 'riverside-grand' },
      { Origin: TEST_PARTNER_ORIGIN },
    );
    expect(response.status).toBe(201);
    const booking = bookingResponseSchema.parse(await response.json());
    expect((await saved(booking)).partnerId).toBe(`riverside-grand (${TEST_PARTNER_ORIGIN})`);
  });
});

describe('who may read and pay a booking', () => {
  it('answers 404 to a payment status without the payment secret', async () => {
    const booking = await booked();
    for (const query of ['', '?clientSecret=', '?clientSecret=pi_sandbox_x_secret_y']) {
      await expectError(
        await app.request(`/api/bookings/${booking.bookingId}/payment-status${query}`),
        404,
        'not_found',
      );
    }
    await expectError(
      await app.request(
        `/api/bookings/AAAAAAAAAAAAAAAAAAAA/payment-status?clientSecret=${booking.payment.clientSecret}`,
      ),
      404,
      'not_found',
    );
  });

  it('answers 404 to a sandbox confirmation with another secret, and 400 to a bad body', async () => {
    const booking = await booked();
    await expectError(
      await app.request(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
        method: 'POST',
        json: {
          clientSecret: 'wrong',
          card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
        },
      }),
      404,
      'not_found',
    );
    await expectError(
      await app.request(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
        method: 'POST',
        json: { clientSecret: booking.payment.clientSecret },
      }),
      400,
      'invalid_request',
    );
    expect((await saved(booking)).bookingStatus).toBe('DRAFT');
  });
});

describe('the confirmation email', () => {
  it('holds the trip with its stops in Queensland time, the amount, the manage link and a calendar file', async () => {
    const booking = await booked();
    await pay(booking);
    const [entry] = await emailsFor(booking.bookingReferenceId);
    const raw = readFileSync(path.join(outboxPath(env.dataDir), entry?.name ?? ''), 'utf8');
    const headers = parseHeaders(raw);
    expect(headers.subject).toBe(
      `Your Business Chauffeur booking ${booking.bookingReferenceId} is confirmed`,
    );
    expect(headers['reply-to']).toBe('bookings@businesschauffeur.example');
    const text = decodeParts(raw);
    expect(text).toContain(`Booking number: ${booking.bookingReferenceId}`);
    expect(text).toMatch(/Pickup time: \w+ \d{1,2} \w+ \d{4} at 10:00 AM \(Queensland time\)/);
    expect(text).toContain('From: Brisbane Airport Domestic Terminal, Brisbane Airport QLD');
    expect(text).toContain('Stop 1: South Bank, Brisbane QLD');
    expect(text).toContain('To: Surfers Paradise QLD');
    expect(text).toContain('Vehicle: Executive Sedan');
    expect(text).toContain('Passengers: 2');
    expect(text).toContain('Amount paid: $142.35 AUD');
    expect(text).toContain(
      `http://localhost/manage-booking?bookingNumber=${booking.bookingReferenceId}`,
    );
    expect(text).toContain('1300 975 707');
    // The calendar event starts at 10:00 in Brisbane, which is 00:00 UTC.
    expect(text).toMatch(/DTSTART:\d{8}T000000Z/);
    expect(text).toMatch(/DTEND:\d{8}T012500Z/);
    expect(text).toContain(`UID:${booking.bookingReferenceId}@localhost`);
  });
});

/** The decoded text of every MIME part of a raw message (quoted-printable or base64). */
function decodeParts(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      const head = split === -1 ? '' : part.slice(0, split);
      const body = split === -1 ? part : part.slice(split).trim();
      if (/Content-Transfer-Encoding: base64/i.test(head)) {
        return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      }
      if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
        return Buffer.from(
          body
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_m, hex: string) =>
              String.fromCharCode(parseInt(hex, 16)),
            ),
          'latin1',
        ).toString('utf8');
      }
      return body;
    })
    .join('\n');
}
