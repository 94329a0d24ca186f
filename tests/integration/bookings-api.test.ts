// POST /api/bookings from the quote to a CONFIRMED booking with its email, through the real Remix
// request handler on the embedded adapters (SQLite store, sandbox payments, outbox mail).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  lookupResponseSchema,
  placesResponseSchema,
  quoteResponseSchema,
} from '@business-chauffeur/booking-contract';
import { describe, expect, it } from 'vitest';
import { outboxPath, parseHeaders } from '~/mail/outbox-mailer.server';
import { bookingApiSuite } from '../support/booking-api';
import { sampleBooker } from '../support/booking-fixtures';
import { decodeParts } from '../support/mime';
import { SEDAN, bookingBody, passenger, sampleTrip } from '../support/quotes';
import { ordinaryDayAhead } from '../support/ordinary-days';

const { env, app, booked, pay, status, saved, emailsFor, emailText } = bookingApiSuite();

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
    const date = ordinaryDayAhead(2);
    const quoteResponse = await app.request('/api/quotes', {
      method: 'POST',
      json: {
        pickup,
        // A suburb: the exact address goes with it.
        drop: { ...drop, details: '3/12 Ocean Avenue' },
        stops: [{ enabled: true, ...stop }],
        date,
        time: '14:30',
        passengers: 2,
        byTheHour: false,
        hours: 0,
        notes: 'Please meet at arrivals',
        flightNumber: 'qf 512',
      },
    });
    expect(quoteResponse.status, await quoteResponse.clone().text()).toBe(200);
    const quote = quoteResponseSchema.parse(await quoteResponse.json());
    const vehicle = quote.vehicles.find((card) => card.canCarry && card.totalCents !== null);
    if (!vehicle || vehicle.totalCents === null) throw new Error('No vehicle was priced.');

    const booking = await booked({
      quoteToken: quote.quoteToken,
      vehicleId: vehicle.id,
      passenger,
      onBehalf: false,
      // The widget never sends an amount; a client that does (in dollars or cents) is ignored.
      amount: 5,
      totalCents: 500,
    });
    expect(booking).toMatchObject({ status: 'DRAFT', totalCents: vehicle.totalCents });
    const paid = await pay(booking);
    expect(paid).toMatchObject({ status: 'CONFIRMED', totalCents: vehicle.totalCents });
    const confirmed = await saved(booking);
    expect(confirmed.quote).toMatchObject({
      trip: {
        pickup,
        stops: [stop],
        drop: { ...drop, details: '3/12 Ocean Avenue' },
        date,
        time: '14:30',
        flightNumber: 'QF512',
      },
      distanceMeters: quote.distanceMeters,
      durationSeconds: quote.durationSeconds,
      // The stored document keeps its legacy dollars.
      fare: vehicle.totalCents / 100,
    });
    expect(confirmed.location).toMatchObject({
      fromPlaceId: pickup.placeId,
      stopPlaceId: stop.placeId,
      toPlaceId: drop.placeId,
    });
    const emails = await emailsFor(booking.bookingReferenceId);
    expect(emails).toHaveLength(1);
    const email = decodeParts(emailText(emails[0]?.name));
    expect(email).toContain('Flight: QF512 (pickup at its scheduled arrival)');
    expect(email).toContain('To: 3/12 Ocean Avenue, Surfers Paradise');
  });

  it('saves a DRAFT booking, takes the card, confirms it and sends one email', async () => {
    const booking = await booked();
    expect(booking).toMatchObject({
      status: 'DRAFT',
      totalCents: SEDAN.fareCents,
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
      // Kept as E.164 in two parts: the country code, and the digits after it (the 0 typed
      // after +61 dropped).
      passengerDetails: {
        ...passenger,
        mobileNumber: '412345678',
        onBehalfCheck: false,
        bookingPerson: null,
      },
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
      totalCents: SEDAN.fareCents,
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
    const booker = sampleBooker;
    const booking = await booked(bookingBody({ onBehalf: true, bookingPerson: booker }));
    expect((await saved(booking)).passengerDetails).toMatchObject({
      onBehalfCheck: true,
      bookingPerson: booker,
    });
    await pay(booking);
    // Each gets their own copy, greeting them; paying again sends neither twice.
    await pay(booking);
    const emails = await emailsFor(booking.bookingReferenceId);
    expect(emails.map((email) => email.to).sort()).toEqual([booker.email, passenger.email].sort());
    const copyOf = (to: string) =>
      decodeParts(emailText(emails.find((email) => email.to === to)?.name));
    expect(copyOf(booker.email)).toContain('Hello Priya,');
    expect(copyOf(passenger.email)).toContain(`Hello ${passenger.firstName},`);
    expect(copyOf(passenger.email)).toContain('Priya Raman has booked a ride for you');
    // The tax invoice is made out to the person who booked (and paid), in both copies.
    for (const to of [booker.email, passenger.email]) {
      expect(copyOf(to)).toContain('Customer: Priya Raman');
    }
  });
});

describe("the trip's places are the provider's", () => {
  it('stores, emails and shows on lookup the gazetteer name of a place id, never the text the client sent', async () => {
    const quoteResponse = await app.request('/api/quotes', {
      method: 'POST',
      json: {
        pickup: {
          placeId: 'gz:4000-brisbane-city',
          description: 'Cairns Airport QLD',
          details: '200 Adelaide Street',
        },
        drop: {
          placeId: 'gz:4217-surfers-paradise',
          description: 'Sydney Opera House',
          details: "Unit 4, 7 O'Connell Tce",
        },
        date: ordinaryDayAhead(2),
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
    expect(stored.quote.trip.pickup).toMatchObject({
      description: 'Brisbane City QLD 4000',
      details: '200 Adelaide Street',
    });
    const [entry] = await emailsFor(booking.bookingReferenceId);
    const email = decodeParts(emailText(entry?.name));
    expect(email).toContain('From: 200 Adelaide Street, Brisbane City QLD 4000');
    expect(email).toContain("To: Unit 4, 7 O'Connell Tce, Surfers Paradise QLD 4217");
    const lookup = await app.request('/api/bookings/lookup', {
      method: 'POST',
      json: { email: passenger.email, bookingNumber: booking.bookingReferenceId },
    });
    expect(lookup.status, await lookup.clone().text()).toBe(200);
    const view = lookupResponseSchema.parse(await lookup.json()).booking;
    expect(view.trip.pickup).toMatchObject({
      description: 'Brisbane City QLD 4000',
      details: '200 Adelaide Street',
    });
    for (const text of [JSON.stringify(stored), email, JSON.stringify(view)]) {
      expect(text).not.toMatch(/Cairns|Sydney Opera/);
    }
  });
});

describe('the confirmation email', () => {
  it('holds the trip with its stops in Queensland time, the amount, the manage link and a calendar file', async () => {
    const booking = await booked();
    await pay(booking);
    const [entry] = await emailsFor(booking.bookingReferenceId);
    const raw = emailText(entry?.name);
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
    expect(text).toContain('Total paid: $142.35 AUD');
    // A tax invoice from the seeded business details: GST is the total's eleventh, to the cent.
    expect(text).toMatch(/^Tax invoice$/m);
    expect(text).toContain('Issued by: Business Chauffeur Pty Ltd');
    expect(text).toContain('ABN: 60 604 273 918');
    expect(text).toContain(`Invoice number: ${booking.bookingReferenceId}`);
    expect(text).toContain('Fare (base and distance) — 93.4 km: $142.35');
    expect(text).toContain('GST included: $12.94');
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
