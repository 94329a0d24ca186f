// The widget's form draft: its defaults, and the request bodies it becomes (judged by the same
// rules as the server's).
import { describe, expect, it } from 'vitest';
import { parseBookingRequest, parseQuoteRequest } from './index';
import { createBookingDraft, draftToBookingRequest, draftToQuoteRequest } from './widget';

// 12:00 on Tuesday 10 March 2026 in Brisbane.
const now = new Date('2026-03-10T02:00:00Z');

const person = {
  firstName: 'Mia',
  lastName: 'Nguyen',
  email: 'mia.nguyen@example.com.au',
  countryCode: '+61',
  mobileNumber: '0412345678',
};

describe('the booking draft', () => {
  it('starts with the booking form defaults', () => {
    const draft = createBookingDraft();
    expect(draft.trip.time).toBe('10:00');
    expect(draft.trip.passengers).toBe(1);
    expect(draft.passenger.countryCode).toBe('+61');
    expect(draft.bookingPerson.countryCode).toBe('+61');
    expect(draft.trip.stops).toHaveLength(4);
    expect(draft.vehicleId).toBeNull();
    expect(draft.quoteToken).toBeNull();
  });

  it('becomes a quote request that the same rules judge', () => {
    const draft = createBookingDraft();
    draft.trip.pickup = {
      text: 'Brisbane Airport Domestic Terminal',
      placeId: 'gz:bne-domestic',
      kind: 'airport',
      details: '',
    };
    draft.trip.flightNumber = 'XYZ';
    draft.trip.drop.text = 'Surfers';
    draft.trip.date = '2026-03-11';
    draft.trip.stops[0].enabled = true;
    const result = parseQuoteRequest(draftToQuoteRequest(draft), { now });
    expect(result).toEqual({
      success: false,
      fields: {
        drop: 'Drop location is required.',
        'stops.0': 'Since you have selected, add another stop, Stop location is required.',
        flightNumber: 'Enter the airline code and flight number, e.g. QF 512 or VA1234.',
      },
    });
  });

  it('becomes the quote request body, with the extras asked for', () => {
    const draft = createBookingDraft();
    draft.trip.pickup = {
      text: ' Brisbane Airport ',
      placeId: 'gz:bne-domestic',
      kind: 'airport',
      details: '',
    };
    draft.trip.flightNumber = 'QF 512';
    draft.trip.drop = { text: '', placeId: 'gz:brisbane-cbd', kind: 'landmark', details: '' };
    draft.trip.stops[0] = {
      text: 'Paddington QLD 4064',
      placeId: 'gz:4064-paddington',
      kind: 'locality',
      details: '12 Smith Street',
      enabled: true,
    };
    draft.trip.date = '2026-03-11';
    draft.trip.byTheHour = true;
    draft.trip.hours = 2;
    draft.trip.notes = 'Child seat';
    draft.trip.childSeats.booster = 1;
    draft.trip.trailer = true;
    draft.trip.suitcases = 2;
    expect(draftToQuoteRequest(draft)).toEqual({
      pickup: {
        placeId: 'gz:bne-domestic',
        description: 'Brisbane Airport',
        kind: 'airport',
        details: '',
      },
      drop: {
        placeId: 'gz:brisbane-cbd',
        description: 'gz:brisbane-cbd',
        kind: 'landmark',
        details: '',
      },
      stops: [
        {
          enabled: true,
          placeId: 'gz:4064-paddington',
          description: 'Paddington QLD 4064',
          kind: 'locality',
          details: '12 Smith Street',
        },
        { enabled: false, placeId: null, description: '', details: '' },
        { enabled: false, placeId: null, description: '', details: '' },
        { enabled: false, placeId: null, description: '', details: '' },
      ],
      date: '2026-03-11',
      time: '10:00',
      passengers: 1,
      byTheHour: true,
      hours: 2,
      notes: 'Child seat',
      childSeats: { babyCapsule: 0, childSeat: 0, booster: 1 },
      trailer: true,
      suitcases: 2,
      smallBags: 0,
      flightNumber: 'QF 512',
    });
  });

  it('sends the flight only while the pickup is an airport', () => {
    const draft = createBookingDraft();
    draft.trip.pickup = {
      text: 'Paddington',
      placeId: 'gz:4064-paddington',
      kind: 'locality',
      details: '',
    };
    draft.trip.flightNumber = 'QF 512';
    expect(draftToQuoteRequest(draft).flightNumber).toBe('');
  });

  it('becomes a booking request with the person booking only when on behalf', () => {
    const draft = createBookingDraft();
    draft.quoteToken = 'token';
    draft.vehicleId = 'vehicleType.executive-sedan';
    Object.assign(draft.passenger, person);
    expect(draftToBookingRequest(draft, 'key-12345678')).toEqual({
      quoteToken: 'token',
      vehicleId: 'vehicleType.executive-sedan',
      passenger: person,
      onBehalf: false,
      bookingPerson: null,
      idempotencyKey: 'key-12345678',
    });
    expect(parseBookingRequest(draftToBookingRequest(draft)).success).toBe(true);
    draft.onBehalf = true;
    Object.assign(draft.bookingPerson, { ...person, firstName: 'Sam' });
    expect(draftToBookingRequest(draft).bookingPerson).toEqual({ ...person, firstName: 'Sam' });
  });
});
