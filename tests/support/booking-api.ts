// The bookings API as its integration tests drive it: a real Remix request handler on the embedded
// adapters (SQLite store, sandbox payments, outbox mail), started once per test file, and the
// requests a customer's browser makes (book, pay, ask the payment status).
import { readFileSync } from 'node:fs';
import {
  bookingResponseSchema,
  timeInBrisbane,
  todayInBrisbane,
  paymentStatusResponseSchema,
  type BookingResponse,
  type PaymentStatusResponse,
} from '@business-chauffeur/booking-contract';
import { expect } from 'vitest';
import { outboxPath } from '~/mail/outbox-mailer.server';
import type * as PaymentsModule from '~/payments/payments.server';
import { bookingAppHelpers, remixAppForFile } from './booking-app';
import { bookingBody } from './quotes';

export function bookingApiSuite(extraEnv: Record<string, string | undefined> = {}) {
  const { env, app, started } = remixAppForFile(extraEnv);
  const helpers = bookingAppHelpers(started, () => env.dataDir);

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
        termsAccepted: true,
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

  /**
   * Moves a saved booking's pickup to 35 minutes from now (a tab left open until online payment
   * closed), optionally without its payment.
   */
  async function pickupSoon(booking: BookingResponse, options: { withoutPayment?: boolean } = {}) {
    const soon = new Date(Date.now() + 35 * 60_000);
    await (
      await helpers.store()
    ).updateBooking(booking.bookingId, (current) => ({
      ...current,
      trip: { ...current.trip, date: todayInBrisbane(soon), time: timeInBrisbane(soon) },
      ...(options.withoutPayment ? { payment: { ...current.payment, intentId: null } } : {}),
    }));
    return booking;
  }

  /** The booking's document as the collection holds it (the layout the client's tools read). */
  const saved = (booking: BookingResponse) => helpers.saved(booking.bookingId);

  /** The raw text of the email about a booking in the outbox. */
  function emailText(name: string | undefined): string {
    return readFileSync(`${outboxPath(env.dataDir)}/${name ?? ''}`, 'utf8');
  }

  return {
    env,
    app,
    store: helpers.store,
    emailsFor: helpers.emailsFor,
    gateway,
    book,
    booked,
    pay,
    status,
    pickupSoon,
    saved,
    emailText,
  };
}

/** Checks an error answer: its status, code and message, and that no internals leak into it. */
export async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  // Nothing of the server's internals leaks into an answer.
  expect(JSON.stringify(body)).not.toMatch(/\.ts:\d|\bat \w+ \(|node_modules|Error:/);
  return body;
}
