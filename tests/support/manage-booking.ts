// Manage booking as its integration tests drive it: a real Remix request handler on the embedded
// adapters, one paid booking made on behalf of someone and one declined, and the lookup API and the
// /manage-booking form, each request from a fresh client address.
import { bookingResponseSchema, type BookingResponse } from '@business-chauffeur/booking-contract';
import { beforeAll, expect } from 'vitest';
import type * as LookupModule from '~/booking/booking-lookup.server';
import { bookingBody } from './quotes';
import { remixAppForFile } from './booking-app';

/** The person who booked the paid booking on behalf of the passenger. */
export const booker = {
  firstName: 'Priya',
  lastName: 'Raman',
  email: 'priya.raman@example.com',
  countryCode: '+61',
  mobileNumber: '0498765432',
};

/** The visible text of an HTML page, roughly: tags removed, entities of quotes decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

export interface ManagedBookings {
  paid: BookingResponse;
  declined: BookingResponse;
}

export function manageBookingSuite() {
  const { app } = remixAppForFile();

  let address = 0;
  /** A fresh client address, so each test starts with its own rate-limit window. */
  const nextAddress = () => `198.51.100.${(address += 1)}`;

  async function createBooking(card: string, body = bookingBody()): Promise<BookingResponse> {
    const response = await app.request('/api/bookings', { method: 'POST', json: body });
    const booking = bookingResponseSchema.parse(await response.json());
    const confirm = await app.request(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
      method: 'POST',
      json: {
        clientSecret: booking.payment.clientSecret,
        card: { number: card, expiry: '12/34', cvc: '123' },
        termsAccepted: true,
      },
    });
    expect(confirm.status).toBe(200);
    return booking;
  }

  const bookings = {} as ManagedBookings;
  beforeAll(async () => {
    bookings.paid = await createBooking(
      '4242424242424242',
      bookingBody({ onBehalf: true, bookingPerson: booker }),
    );
    bookings.declined = await createBooking('4000000000000002');
  });

  return {
    app,
    /** The paid and the declined booking, made before the file's tests run. */
    bookings,
    nextAddress,
    async resetLimits() {
      const lookup = await app.load<typeof LookupModule>('/app/booking/booking-lookup.server.ts');
      await lookup.lookupLimiters.byAddress.reset();
      await lookup.lookupLimiters.byEmail.reset();
    },
    lookup(body: unknown, clientAddress = nextAddress()) {
      return app.request('/api/bookings/lookup', { method: 'POST', json: body, clientAddress });
    },
    submitForm(fields: Record<string, string>, clientAddress = nextAddress()) {
      return app.request('/manage-booking', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        clientAddress,
      });
    },
  };
}
