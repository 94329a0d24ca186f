// Signed quotes for booking tests, made exactly as POST /api/quotes signs them.
import { randomUUID } from 'node:crypto';
import { NO_CHILD_SEATS, type FareLine, type Trip } from '@business-chauffeur/booking-contract';
import { signQuote, type QuotePayload } from '~/booking/quote-token.server';
import { TEST_SESSION_SECRET } from './test-environment';
import { ordinaryDayAhead } from './ordinary-days';

/** A quote's fare line alone: a trip with no surcharge, extra or toll. */
export function fareLine(amountCents: number): FareLine {
  return { kind: 'fare', label: 'Fare (base and distance)', detail: '93.4 km', amountCents };
}

export const SEDAN = {
  id: 'vehicleType.executive-sedan',
  slug: 'executive-sedan',
  title: 'Executive Sedan',
  type: 'sedan',
  passengers: 3,
  fare: 142.35,
  fareCents: 14235,
  lines: [fareLine(14235)],
};

export const PEOPLE_MOVER = {
  id: 'vehicleType.people-mover',
  slug: 'people-mover',
  title: 'People Mover',
  type: 'peopleMover',
  passengers: 7,
  fare: 188.9,
  fareCents: 18890,
  lines: [fareLine(18890)],
};

/** A trip three days ahead (Queensland date), from Brisbane Airport via South Bank to Surfers Paradise. */
export function sampleTrip(overrides: Partial<Trip> = {}): Trip {
  return {
    pickup: {
      placeId: 'gz:bne-domestic',
      description: 'Brisbane Airport Domestic Terminal, Brisbane Airport QLD',
    },
    stops: [{ placeId: 'gz:south-bank', description: 'South Bank, Brisbane QLD' }],
    drop: { placeId: 'gz:surfers-paradise', description: 'Surfers Paradise QLD' },
    date: ordinaryDayAhead(3),
    time: '10:00',
    passengers: 2,
    byTheHour: false,
    hours: 0,
    notes: 'Flight QF512; two golf bags',
    childSeats: NO_CHILD_SEATS,
    trailer: false,
    ...overrides,
  };
}

export function sampleQuotePayload(overrides: Partial<QuotePayload> = {}): QuotePayload {
  const now = Date.now();
  return {
    v: 2,
    quoteId: randomUUID(),
    issuedAt: now,
    expiresAt: now + 30 * 60_000,
    trip: sampleTrip(),
    distanceMeters: 93_400,
    durationSeconds: 5_100,
    legs: [
      { distanceMeters: 17_000, durationSeconds: 1_200 },
      { distanceMeters: 76_400, durationSeconds: 3_900 },
    ],
    currency: 'AUD',
    vehicles: [SEDAN, PEOPLE_MOVER],
    ...overrides,
  };
}

export function signedQuote(overrides: Partial<QuotePayload> = {}): string {
  return signQuote(sampleQuotePayload(overrides), { secret: TEST_SESSION_SECRET });
}

export const passenger = {
  firstName: 'Ngaio',
  lastName: 'Walker',
  email: 'Ngaio.Walker@example.com',
  countryCode: '+61',
  mobileNumber: '0412345678',
};

/** A complete POST /api/bookings body for a signed quote. */
export function bookingBody(overrides: Record<string, unknown> = {}) {
  return {
    quoteToken: signedQuote(),
    vehicleId: SEDAN.id,
    passenger,
    onBehalf: false,
    bookingPerson: null,
    ...overrides,
  };
}
