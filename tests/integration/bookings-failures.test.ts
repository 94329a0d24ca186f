// POST /api/bookings when things go wrong or many arrive at once, the API's hygiene (methods, bodies,
// CORS, partners) and who may read or pay a booking.
import { DatabaseSync } from 'node:sqlite';
import { bookingResponseSchema } from '@business-chauffeur/booking-contract';
import { describe, expect, it, vi } from 'vitest';
import { sqliteStorePath } from '~/store/sqlite-database.server';
import { expectError, bookingApiSuite } from '../support/booking-api';
import { bookingBody, passenger } from '../support/quotes';
import { TEST_PARTNER_ORIGIN } from '../support/test-environment';

const { env, app, store, gateway, book, booked, pay, saved } = bookingApiSuite();

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
    const mine = all.filter(
      (stored) => stored.contacts.passenger.email === 'locked.out@example.com',
    );
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
      // The refusal is readable (no credentials); nothing else ever is.
      expect(post.headers.get('Access-Control-Allow-Origin')).toBe('*');
      expect(post.headers.get('Access-Control-Allow-Credentials')).toBeNull();
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
          termsAccepted: true,
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
