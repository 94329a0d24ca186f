// A paid booking made through the booking API as the widget makes it (places, quote, booking,
// sandbox payment), for the browser tests that start from one: an airport pickup with its flight,
// a stop and a drop with their exact addresses, three days ahead.
import { expect, type APIRequestContext } from '@playwright/test';
import { ordinaryDayAhead } from '../support/ordinary-days';

export interface Seeded {
  bookingId: string;
  reference: string;
  clientSecret: string;
}

export async function seedBooking(request: APIRequestContext, email: string): Promise<Seeded> {
  const headers = { 'X-Forwarded-For': '198.51.100.250' };
  const place = async (q: string) => {
    const response = await request.get(`/api/places?q=${encodeURIComponent(q)}`, { headers });
    const { suggestions } = (await response.json()) as { suggestions: { placeId: string }[] };
    if (!suggestions[0]) throw new Error(`No place for ${q}`);
    return suggestions[0];
  };
  const date = ordinaryDayAhead(3);
  const quote = await request.post('/api/quotes', {
    headers,
    data: {
      pickup: await place('Brisbane Airport International'),
      flightNumber: 'VA 1234',
      // Suburbs: the exact address goes with each.
      drop: { ...(await place('Noosa')), details: '12 Hastings Street' },
      stops: [{ enabled: true, ...(await place('Mooloolaba')), details: '5 The Esplanade' }],
      date,
      time: '09:15',
      passengers: 2,
      byTheHour: false,
      hours: 0,
      notes: 'Child seat please',
    },
  });
  expect(quote.status()).toBe(200);
  const quoted = (await quote.json()) as {
    quoteToken: string;
    vehicles: { id: string; canCarry: boolean; totalCents: number | null }[];
  };
  const vehicle = quoted.vehicles.find((card) => card.canCarry && card.totalCents !== null);
  const booked = await request.post('/api/bookings', {
    headers,
    data: {
      quoteToken: quoted.quoteToken,
      vehicleId: vehicle?.id,
      passenger: {
        firstName: 'Aroha',
        lastName: 'Ngata',
        email,
        countryCode: '+61',
        mobileNumber: '0400111222',
      },
      onBehalf: false,
    },
  });
  expect(booked.status()).toBe(201);
  const booking = (await booked.json()) as {
    bookingId: string;
    bookingReferenceId: string;
    payment: { clientSecret: string };
  };
  const paid = await request.post(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
    headers,
    data: {
      clientSecret: booking.payment.clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      termsAccepted: true,
    },
  });
  expect(((await paid.json()) as { status: string }).status).toBe('CONFIRMED');
  return {
    bookingId: booking.bookingId,
    reference: booking.bookingReferenceId,
    clientSecret: booking.payment.clientSecret,
  };
}
