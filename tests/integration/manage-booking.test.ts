// Manage booking and /completion through the real Remix request handler: POST /api/bookings/lookup
// and the /manage-booking form (found, identical answers for a wrong email and a wrong number, the
// specification's messages, rate limits, the cancellation request), /completion's three outcomes
// and the development outbox page.
import {
  bookingResponseSchema,
  lookupResponseSchema,
  type BookingResponse,
} from '@business-chauffeur/booking-contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as LookupModule from '~/booking/booking-lookup.server';
import type * as StoreModule from '~/store/store.server';
import { bookingBody, passenger } from '../support/quotes';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { useTestEnvironment } from '../support/test-environment';

// Each file starts a real server (and an emulator); on a busy machine a step can take seconds.
vi.setConfig({ testTimeout: 60_000 });

const env = useTestEnvironment();
let app: RemixApp;
let paid: BookingResponse;
let declined: BookingResponse;
const booker = {
  firstName: 'Priya',
  lastName: 'Raman',
  email: 'priya.raman@example.com',
  countryCode: '+61',
  mobileNumber: '0498765432',
};

let address = 0;
/** A fresh client address, so each test starts with its own rate-limit window. */
const nextAddress = () => `198.51.100.${(address += 1)}`;

async function resetLimits() {
  const lookup = await app.load<typeof LookupModule>('/app/booking/booking-lookup.server.ts');
  await lookup.lookupLimiters.byAddress.reset();
  await lookup.lookupLimiters.byEmail.reset();
}

async function createBooking(card: string, body = bookingBody()): Promise<BookingResponse> {
  const response = await app.request('/api/bookings', { method: 'POST', json: body });
  const booking = bookingResponseSchema.parse(await response.json());
  const confirm = await app.request(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
    method: 'POST',
    json: {
      clientSecret: booking.payment.clientSecret,
      card: { number: card, expiry: '12/34', cvc: '123' },
    },
  });
  expect(confirm.status).toBe(200);
  return booking;
}

beforeAll(async () => {
  app = await startRemixApp();
  paid = await createBooking(
    '4242424242424242',
    bookingBody({ onBehalf: true, bookingPerson: booker }),
  );
  declined = await createBooking('4000000000000002');
});

afterAll(async () => {
  await app?.close();
  env.restore();
});

function lookup(body: unknown, clientAddress = nextAddress()) {
  return app.request('/api/bookings/lookup', { method: 'POST', json: body, clientAddress });
}

function submitForm(fields: Record<string, string>, clientAddress = nextAddress()) {
  return app.request('/manage-booking', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    clientAddress,
  });
}

/** The visible text of an HTML page, roughly: tags removed, entities of quotes decoded. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('POST /api/bookings/lookup', () => {
  it('finds a booking by reference and email, whatever their case', async () => {
    const response = await lookup({
      email: passenger.email.toUpperCase(),
      bookingNumber: paid.bookingReferenceId.toLowerCase(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const { booking } = lookupResponseSchema.parse(await response.json());
    expect(booking).toMatchObject({
      bookingReferenceId: paid.bookingReferenceId,
      status: 'CONFIRMED',
      amount: paid.amount,
      currency: 'AUD',
      vehicle: { title: 'Executive Sedan' },
      passenger: { firstName: passenger.firstName, lastName: passenger.lastName },
      refundAmount: null,
      cancellationRequestedAt: null,
    });
    expect(booking.trip.stops).toHaveLength(1);
    // Only the public view: no payment ids, secrets or contact details.
    const text = JSON.stringify(booking);
    expect(text).not.toContain(paid.payment.paymentIntentId);
    expect(text).not.toContain(passenger.mobileNumber);
    expect(text).not.toContain('secret');
  });

  it('also finds it with the email of the person who booked on behalf of the passenger', async () => {
    const response = await lookup({ email: booker.email, bookingNumber: paid.bookingReferenceId });
    expect(response.status).toBe(200);
  });

  it('shows a declined booking as REJECTED', async () => {
    const response = await lookup({
      email: passenger.email,
      bookingNumber: declined.bookingReferenceId,
    });
    await expect(response.json()).resolves.toMatchObject({ booking: { status: 'REJECTED' } });
  });

  it('shows the refund amount only when it is above 0', async () => {
    const store = (
      await app.load<typeof StoreModule>('/app/store/store.server.ts')
    ).getBookingStore();
    await store.updateBooking(declined.bookingId, (current) => ({ ...current, refundAmount: 0 }));
    let response = await lookup({
      email: passenger.email,
      bookingNumber: declined.bookingReferenceId,
    });
    await expect(response.json()).resolves.toMatchObject({ booking: { refundAmount: null } });
    await store.updateBooking(declined.bookingId, (current) => ({
      ...current,
      refundAmount: 42.5,
    }));
    response = await lookup({ email: passenger.email, bookingNumber: declined.bookingReferenceId });
    await expect(response.json()).resolves.toMatchObject({ booking: { refundAmount: 42.5 } });
  });

  it('answers a wrong email exactly as a wrong number', async () => {
    const wrongEmail = await lookup({
      email: 'someone.else@example.com',
      bookingNumber: paid.bookingReferenceId,
    });
    const wrongNumber = await lookup({ email: passenger.email, bookingNumber: 'ZZZZZZZZZZ' });
    // A number that exists with the other booking's email is no different either.
    const otherBooking = await lookup({
      email: booker.email,
      bookingNumber: declined.bookingReferenceId,
    });
    const answers = [wrongEmail, wrongNumber, otherBooking];
    const bodies = await Promise.all(answers.map((response) => response.text()));
    expect(answers.map((response) => response.status)).toEqual([404, 404, 404]);
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0] ?? '')).toEqual({
      error: { code: 'not_found', message: 'Please provide a valid Booking Information.' },
    });
    const headerSets = answers.map((response) =>
      JSON.stringify([...response.headers].filter(([name]) => name !== 'date')),
    );
    expect(new Set(headerSets).size).toBe(1);
  });

  it.each([
    [
      {},
      {
        bookingNumber: 'Please provide a valid Booking Number.',
        email: 'Please provide a valid Email Id.',
      },
    ],
    [
      { email: 'ngaio@example.com', bookingNumber: 'ABC123' },
      { bookingNumber: 'Please provide a valid Booking Number.' },
    ],
    [
      { email: 'ngaio@example.com', bookingNumber: 'ABCDEFGHJKLMN' },
      { bookingNumber: 'Please provide a valid Booking Number.' },
    ],
    [
      { email: 'ngaio@example.com', bookingNumber: 'MH3K-9Q2A' },
      { bookingNumber: 'Please provide a valid Booking Number.' },
    ],
    [
      { email: 'ngaio.example.com', bookingNumber: 'MH3K9Q2A' },
      { email: 'Please provide a valid Email Id.' },
    ],
  ])('answers %j with the specification messages', async (body, fields) => {
    const response = await lookup(body);
    expect(response.status).toBe(400);
    await expect(response.json()).resolves.toEqual({
      error: { code: 'invalid_request', message: expect.any(String), fields },
    });
  });

  it('answers the 11th lookup in a minute from one client with 429', async () => {
    await resetLimits();
    const client = nextAddress();
    for (let index = 0; index < 10; index += 1) {
      const response = await lookup(
        { email: `guess${index}@example.com`, bookingNumber: `GUESS${index}AAA` },
        client,
      );
      expect(response.status).toBe(404);
    }
    const eleventh = await lookup(
      { email: passenger.email, bookingNumber: paid.bookingReferenceId },
      client,
    );
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get('Retry-After'))).toBeGreaterThan(0);
    await expect(eleventh.json()).resolves.toEqual({
      error: {
        code: 'rate_limited',
        message:
          'Too many booking lookups in a short time. Please wait a minute and try again, or call us on 1300 975 707.',
      },
    });
    // Another client is not affected.
    expect(
      (await lookup({ email: passenger.email, bookingNumber: paid.bookingReferenceId })).status,
    ).toBe(200);
  });

  it('answers the 11th lookup in a minute for one email with 429, from any address', async () => {
    await resetLimits();
    const email = 'Target.Person@example.com';
    for (let index = 0; index < 10; index += 1) {
      const response = await lookup({ email, bookingNumber: `TRY${index}AAAAA` }, nextAddress());
      expect(response.status).toBe(404);
    }
    const eleventh = await lookup(
      { email: email.toLowerCase(), bookingNumber: 'TRYAAAAAA' },
      nextAddress(),
    );
    expect(eleventh.status).toBe(429);
  });

  it('answers malformed JSON with 400, an oversized body with 413, and GET with 405', async () => {
    const malformed = await app.request('/api/bookings/lookup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":',
      clientAddress: nextAddress(),
    });
    expect(malformed.status).toBe(400);
    await expect(malformed.json()).resolves.toMatchObject({ error: { code: 'malformed_json' } });
    const oversized = await lookup({ email: 'a@b.co', bookingNumber: 'x'.repeat(40_000) });
    expect(oversized.status).toBe(413);
    expect((await app.request('/api/bookings/lookup')).status).toBe(405);
  });
});

describe('the /manage-booking form', () => {
  it('prefills the booking number from the confirmation email link', async () => {
    const response = await app.request(`/manage-booking?bookingNumber=${paid.bookingReferenceId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`name="bookingNumber"[^>]*value="${paid.bookingReferenceId}"`));
    expect(html).toContain('<title>Manage Booking | Business Chauffeur</title>');
  });

  it('shows the booking found, without JavaScript', async () => {
    const response = await submitForm({
      intent: 'lookup',
      email: passenger.email,
      bookingNumber: paid.bookingReferenceId,
    });
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text).toContain(`Booking ${paid.bookingReferenceId}`);
    expect(text).toContain('CONFIRMED');
    expect(text).toContain('Executive Sedan');
    expect(text).toContain('South Bank, Brisbane QLD');
    expect(text).toContain('$142.35 AUD');
    expect(text).toContain('Request for cancellation');
    expect(text).not.toContain('Refund amount');
  });

  it('gives the same message for a wrong email and a wrong number', async () => {
    const wrongEmail = await submitForm({
      email: 'nobody@example.com',
      bookingNumber: paid.bookingReferenceId,
    });
    const wrongNumber = await submitForm({ email: passenger.email, bookingNumber: 'ABCDEFGH' });
    expect([wrongEmail.status, wrongNumber.status]).toEqual([404, 404]);
    for (const response of [wrongEmail, wrongNumber]) {
      expect(textOf(await response.text())).toContain(
        'Please provide a valid Booking Information.',
      );
    }
  });

  it('shows both messages when both fields are empty', async () => {
    const response = await submitForm({ email: '', bookingNumber: '' });
    expect(response.status).toBe(400);
    const text = textOf(await response.text());
    expect(text).toContain('Please provide a valid Booking Number.');
    expect(text).toContain('Please provide a valid Email Id.');
  });

  it('records a cancellation request and asks to phone, in the specification words', async () => {
    const response = await submitForm({
      intent: 'cancel',
      email: passenger.email,
      bookingNumber: paid.bookingReferenceId,
    });
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain(
      'Please call on this support number 1300 975 707 to cancel this booking.',
    );
    const store = (
      await app.load<typeof StoreModule>('/app/store/store.server.ts')
    ).getBookingStore();
    const booking = await store.getBooking(paid.bookingId);
    expect(booking?.cancellationRequests).toEqual([
      { requestedAt: expect.any(String), channel: 'website' },
    ]);
    // The status does not change: cancelling is done by phone (decision 16).
    expect(booking?.bookingStatus).toBe('CONFIRMED');
    const view = await lookup({ email: passenger.email, bookingNumber: paid.bookingReferenceId });
    await expect(view.json()).resolves.toMatchObject({
      booking: { cancellationRequestedAt: booking?.cancellationRequests[0]?.requestedAt },
    });
  });

  it('refuses a cancellation request for someone else’s booking', async () => {
    const response = await submitForm({
      intent: 'cancel',
      email: 'attacker@example.com',
      bookingNumber: declined.bookingReferenceId,
    });
    expect(response.status).toBe(404);
    const store = (
      await app.load<typeof StoreModule>('/app/store/store.server.ts')
    ).getBookingStore();
    expect((await store.getBooking(declined.bookingId))?.cancellationRequests).toEqual([]);
  });

  it('answers the 11th try in a minute with 429 and a clear message', async () => {
    await resetLimits();
    const client = nextAddress();
    for (let index = 0; index < 10; index += 1) {
      await submitForm({ email: passenger.email, bookingNumber: `ABCDEFG${index}` }, client);
    }
    const response = await submitForm(
      { email: passenger.email, bookingNumber: paid.bookingReferenceId },
      client,
    );
    expect(response.status).toBe(429);
    expect(textOf(await response.text())).toContain(
      'Too many booking lookups in a short time. Please wait a minute and try again, or call us on 1300 975 707.',
    );
  });
});

describe('/completion', () => {
  const completion = (booking: BookingResponse, secret = booking.payment.clientSecret) =>
    app.request(
      `/completion?booking=${booking.bookingId}&payment_intent=${booking.payment.paymentIntentId}&payment_intent_client_secret=${encodeURIComponent(secret)}&redirect_status=succeeded`,
    );

  it('says "Thank you!" with the reference once the server has verified the payment', async () => {
    const response = await completion(paid);
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text).toContain('Thank you!');
    expect(text).toContain(
      `Congratulations! Your Booking is successful. Booking RefId for your reference: ${paid.bookingReferenceId}`,
    );
  });

  it('shows the card message of a declined payment', async () => {
    const text = textOf(await (await completion(declined)).text());
    expect(text).toContain('Your card was declined.');
    expect(text).not.toContain('Thank you!');
  });

  it('trusts no redirect parameter: a wrong secret finds nothing', async () => {
    const response = await completion(paid, 'pi_forged_secret_x');
    expect(response.status).toBe(404);
    const text = textOf(await response.text());
    expect(text).toContain('We could not find this payment');
    expect(text).not.toContain(paid.bookingReferenceId);
  });
});

describe('/dev/outbox', () => {
  it('lists the emails sent, and shows one raw', async () => {
    const response = await app.request('/dev/outbox');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(
      `Your Business Chauffeur booking ${paid.bookingReferenceId} is confirmed`,
    );
    const name = /href="\/dev\/outbox\/([\w-]+\.eml)"/.exec(html)?.[1];
    const raw = await app.request(`/dev/outbox/${name}`);
    expect(raw.headers.get('Content-Type')).toContain('text/plain');
    expect(await raw.text()).toContain(`Subject: Your Business Chauffeur booking`);
    expect((await app.request('/dev/outbox/..%2Fstore.sqlite')).status).toBe(404);
  });
});
