import { describe, expect, it } from 'vitest';
import { parseBookingRequest, parseLookupRequest, parseQuoteRequest } from './index';
import { now, person, validQuote } from './validation-test-support';

describe('parseQuoteRequest', () => {
  it('returns the trip with the enabled stops in order, hours 0 unless by the hour', () => {
    const result = parseQuoteRequest(
      {
        ...validQuote,
        stops: [
          { enabled: true, placeId: 'gz:south-bank', description: 'South Bank' },
          { enabled: true, placeId: null, description: null },
          { enabled: true, placeId: 'gz:new-farm', description: 'New Farm' },
          { enabled: false, placeId: 'gz:ascot', description: 'Ascot' },
        ],
        hours: 3,
        notes: '  Meet at door 4  ',
        amount: 1,
      },
      { now },
    );
    expect(result).toEqual({
      success: true,
      data: {
        pickup: validQuote.pickup,
        drop: validQuote.drop,
        stops: [
          { placeId: 'gz:south-bank', description: 'South Bank' },
          { placeId: 'gz:new-farm', description: 'New Farm' },
        ],
        date: '2026-03-11',
        time: '10:00',
        passengers: 2,
        byTheHour: false,
        hours: 0,
        notes: 'Meet at door 4',
        childSeats: { babyCapsule: 0, childSeat: 0, booster: 0 },
        trailer: false,
        suitcases: 0,
        smallBags: 0,
      },
    });
  });

  it('drops stops after a switched-off one (a later switch only shows once the earlier is on)', () => {
    const result = parseQuoteRequest(
      {
        ...validQuote,
        stops: [
          { enabled: false, placeId: null, description: null },
          { enabled: true, placeId: 'gz:new-farm', description: 'New Farm' },
        ],
      },
      { now },
    );
    expect(result.success && result.data.stops).toEqual([]);
  });

  it('gives field messages for values of the wrong type', () => {
    const result = parseQuoteRequest(
      { ...validQuote, passengers: 'two', date: 5, suitcases: 'many' },
      { now },
    );
    expect(result).toEqual({
      success: false,
      fields: {
        passengers: 'Number of passengers is required.',
        date: 'Booking date is required.',
        suitcases: 'Please enter 0 to 61 suitcases.',
      },
    });
  });

  it('gives every rule its message even when a field is missing or of the wrong type', () => {
    const result = parseQuoteRequest({ pickup: null, hours: 'three', byTheHour: true }, { now });
    expect(result).toEqual({
      success: false,
      fields: {
        pickup: 'Pickup location is required.',
        drop: 'Drop location is required.',
        date: 'Booking date is required.',
        time: 'Booking time is required.',
        passengers: 'Number of passengers is required.',
        hours: 'Since you have opted booking by the hours, Number of hours is required.',
      },
    });
  });

  it('refuses more than four stops and a body that is not an object', () => {
    const stop = { enabled: true, placeId: 'gz:a', description: 'A' };
    const tooMany = parseQuoteRequest(
      { ...validQuote, stops: [stop, stop, stop, stop, stop] },
      { now },
    );
    expect(tooMany.success).toBe(false);
    expect(!tooMany.success && Object.keys(tooMany.fields)).toEqual(['stops']);
    const notObject = parseQuoteRequest(['x'], { now });
    expect(notObject).toEqual({
      success: false,
      fields: { body: 'Please check the highlighted fields.' },
    });
  });
});

describe('parseBookingRequest', () => {
  const body = {
    quoteToken: 'a.b',
    vehicleId: 'vehicleType.executive-sedan',
    passenger: person,
    onBehalf: false,
  };

  it('returns trimmed details and never an amount', () => {
    const result = parseBookingRequest({
      ...body,
      passenger: { ...person, email: '  mia.nguyen@example.com.au ' },
      amount: 5,
      bookingPerson: person,
    });
    expect(result).toEqual({
      success: true,
      data: {
        quoteToken: 'a.b',
        vehicleId: 'vehicleType.executive-sedan',
        passenger: person,
        onBehalf: false,
        bookingPerson: null,
        idempotencyKey: undefined,
      },
    });
  });

  it('requires a vehicle, a quote token and valid passenger details', () => {
    const result = parseBookingRequest({ passenger: { ...person, firstName: '' } });
    expect(result).toEqual({
      success: false,
      fields: {
        vehicleId: 'Please select the vehicle for your ride.',
        'passenger.firstName': 'Firstname is required.',
        quoteToken:
          'Your quote could not be verified. Please go back to the first step to get a new quote.',
      },
    });
  });

  it('keeps a well-formed idempotency key and refuses a malformed one', () => {
    const ok = parseBookingRequest({
      ...body,
      idempotencyKey: 'c0ffee00-1234-4abc-9def-0123456789ab',
    });
    expect(ok.success && ok.data.idempotencyKey).toBe('c0ffee00-1234-4abc-9def-0123456789ab');
    expect(parseBookingRequest({ ...body, idempotencyKey: 'x' }).success).toBe(false);
  });
});

describe('parseLookupRequest', () => {
  it('parses to a trimmed, upper-case booking number', () => {
    expect(parseLookupRequest({ email: ' Mia@Example.com ', bookingNumber: ' m0abcdef ' })).toEqual(
      {
        success: true,
        data: { email: 'Mia@Example.com', bookingNumber: 'M0ABCDEF' },
      },
    );
    expect(parseLookupRequest({ email: 3 })).toEqual({
      success: false,
      fields: {
        email: 'Please provide a valid Email Id.',
        bookingNumber: 'Please provide a valid Booking Number.',
      },
    });
  });
});
