// What POST /api/bookings refuses or answers once: quote tokens, passenger details and double
// submissions.
import { timeInBrisbane, todayInBrisbane } from '@business-chauffeur/booking-contract';
import { describe, expect, it } from 'vitest';
import { signQuote } from '~/booking/quote-token.server';
import { expectError, bookingApiSuite } from '../support/booking-api';
import {
  SEDAN,
  bookingBody,
  passenger,
  sampleQuotePayload,
  sampleTrip,
  signedQuote,
} from '../support/quotes';
import { TEST_SESSION_SECRET } from '../support/test-environment';

const { store, book, booked } = bookingApiSuite();

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
