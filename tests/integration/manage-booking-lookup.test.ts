// POST /api/bookings/lookup through the real Remix request handler: found by reference and email,
// identical answers for a wrong email and a wrong number, the refund, rate limits and API hygiene.
import { lookupResponseSchema } from '@business-chauffeur/booking-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as StoreModule from '~/store/store.server';
import { booker, manageBookingSuite } from '../support/manage-booking';
import type { BookingResponse } from '@business-chauffeur/booking-contract';
import { passenger } from '../support/quotes';

const { app, bookings, nextAddress, resetLimits, lookup } = manageBookingSuite();
let paid: BookingResponse;
let declined: BookingResponse;
beforeAll(() => {
  ({ paid, declined } = bookings);
});

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
      totalCents: paid.totalCents,
      currency: 'AUD',
      vehicle: { title: 'Executive Sedan' },
      passenger: { firstName: passenger.firstName, lastName: passenger.lastName },
      refundedCents: null,
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
    await store.updateBooking(declined.bookingId, (current) => ({ ...current, refundCents: 0 }));
    let response = await lookup({
      email: passenger.email,
      bookingNumber: declined.bookingReferenceId,
    });
    await expect(response.json()).resolves.toMatchObject({ booking: { refundedCents: null } });
    await store.updateBooking(declined.bookingId, (current) => ({
      ...current,
      refundCents: 4250,
    }));
    response = await lookup({ email: passenger.email, bookingNumber: declined.bookingReferenceId });
    await expect(response.json()).resolves.toMatchObject({ booking: { refundedCents: 4250 } });
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
