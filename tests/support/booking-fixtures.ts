// A complete domain booking as the booking service saves it, for store tests and for seeding.
import { randomUUID } from 'node:crypto';
import type { NewBooking } from '@business-chauffeur/booking-contract';

export function sampleNewBooking(overrides: Partial<NewBooking> = {}): NewBooking {
  const now = new Date().toISOString();
  const key = randomUUID();
  return {
    status: 'DRAFT',
    statusHistory: [{ status: 'DRAFT', at: now }],
    trip: {
      pickup: {
        placeId: 'gaz-bne-domestic',
        description: 'Brisbane Airport (BNE) Domestic Terminal',
      },
      stops: [{ placeId: 'gaz-south-bank', description: 'South Bank, Brisbane QLD' }],
      drop: { placeId: 'gaz-surfers-paradise', description: 'Surfers Paradise, Gold Coast QLD' },
      date: '2031-03-14',
      time: '10:00',
      passengers: 3,
      byTheHour: false,
      hours: 0,
      notes: 'Two golf bags; meet at door 3',
      childSeats: { babyCapsule: 0, childSeat: 0, booster: 0 },
      trailer: false,
      suitcases: 0,
      smallBags: 0,
    },
    route: {
      distanceMeters: 93_400,
      durationSeconds: 5100,
      legs: [
        { distanceMeters: 17_000, durationSeconds: 1200 },
        { distanceMeters: 76_400, durationSeconds: 3900 },
      ],
    },
    vehicle: {
      id: 'vehicleType-executive-sedan',
      slug: 'sedan',
      name: 'Executive Sedan',
      type: 'sedan',
    },
    contacts: {
      passenger: {
        firstName: 'Ngaio',
        lastName: "O'Connor-Tāne",
        email: 'Ngaio.OConnor@example.com',
        countryCode: '+61',
        mobileNumber: '0412345678',
      },
      booker: null,
    },
    fareCents: 14250,
    fareLines: [
      { kind: 'fare', label: 'Fare (base and distance)', detail: '93.4 km', amountCents: 14250 },
    ],
    promoCode: null,
    refundCents: null,
    payment: {
      provider: null,
      intentId: null,
      providerPaymentRef: null,
      clientSecretHash: null,
      amountCents: 14250,
      error: null,
    },
    partner: null,
    userId: null,
    quote: {
      id: randomUUID(),
      issuedAt: now,
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    },
    paymentAttempts: [],
    cancellationRequests: [],
    confirmationEmail: { claimedAt: null, sentAt: null, messageId: null },
    idempotencyKey: key,
    requestFingerprint: `fingerprint-${key}`,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

/** A person booking on behalf of the passenger (another country code, another email). */
export const sampleBooker = {
  firstName: 'Priya',
  lastName: 'Raman',
  email: 'priya.raman@example.com',
  countryCode: '+64',
  mobileNumber: '0211234567',
};
