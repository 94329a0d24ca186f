import { describe, expect, it } from 'vitest';
import { bookingMessages } from './messages-booking';
import {
  addressDetailsError,
  flightNumberError,
  keptAddressDetails,
  normaliseFlightNumber,
  placeText,
  validateTripDetails,
} from './trip-details';

const m = bookingMessages.booking;

describe('Address details', () => {
  it('are required beside a suburb, optional beside a landmark or an airport, not asked beside an address', () => {
    expect(addressDetailsError('locality', '')).toBe(m.addressDetailsRequired);
    expect(addressDetailsError('locality', '   ')).toBe(m.addressDetailsRequired);
    expect(addressDetailsError('locality', '12 Smith Street')).toBeUndefined();
    expect(addressDetailsError('landmark', '')).toBeUndefined();
    expect(addressDetailsError('airport', '')).toBeUndefined();
    expect(addressDetailsError('address', '')).toBeUndefined();
    expect(addressDetailsError(undefined, '')).toBeUndefined();
  });

  it.each([
    '3/12 Smith St.',
    "Unit 4, 7 O'Connell Tce",
    'Gate #3 - Loading dock',
    'Level 2, Tower 1',
  ])('accept %j', (details) => expect(addressDetailsError('locality', details)).toBeUndefined());

  it.each(['12 Smith St; drop table', 'Ring <b>me</b>', '12 Smith St (rear)', 'x'.repeat(101)])(
    'refuse %j with the rule',
    (details) => expect(addressDetailsError('landmark', details)).toBe(m.addressDetailsInvalid),
  );

  it('are kept trimmed, and never beside an exact address', () => {
    expect(keptAddressDetails('locality', '  12 Smith Street ')).toBe('12 Smith Street');
    expect(keptAddressDetails('address', '12 Smith Street')).toBeUndefined();
    expect(keptAddressDetails('airport', '')).toBeUndefined();
  });

  it('print before the place', () => {
    expect(placeText({ description: 'Paddington QLD 4064', details: '12 Smith Street' })).toBe(
      '12 Smith Street, Paddington QLD 4064',
    );
    expect(placeText({ description: 'Paddington QLD 4064' })).toBe('Paddington QLD 4064');
  });
});

describe('Flight number', () => {
  it.each([
    ['QF 512', 'QF512'],
    ['VA1234', 'VA1234'],
    ['jq 790', 'JQ790'],
    [' nz  128 ', 'NZ128'],
    ['3K 521', '3K521'],
    ['QFA512', 'QFA512'],
    ['EK 433A', 'EK433A'],
  ])('reads %j as %s', (typed, flight) => {
    expect(normaliseFlightNumber(typed)).toBe(flight);
    expect(flightNumberError('airport', typed)).toBeUndefined();
  });

  it.each(['XYZ', 'QF', '512', 'QF 51234', 'Q 512', '12 345', 'QF-512', 'lands 10:30'])(
    'refuses %j',
    (typed) => {
      expect(normaliseFlightNumber(typed)).toBeUndefined();
      expect(flightNumberError('airport', typed)).toBe(m.flightNumberInvalid);
    },
  );

  it('is required for an airport pickup and not asked for any other', () => {
    expect(flightNumberError('airport', '')).toBe(m.flightNumberRequired);
    expect(flightNumberError('locality', '')).toBeUndefined();
    expect(flightNumberError('landmark', 'XYZ')).toBeUndefined();
    // A pickup whose kind the client did not say: a flight it sends must still be one.
    expect(flightNumberError(undefined, '')).toBeUndefined();
    expect(flightNumberError(undefined, 'XYZ')).toBe(m.flightNumberInvalid);
    expect(flightNumberError(undefined, 'QF 512')).toBeUndefined();
  });
});

describe('validateTripDetails', () => {
  it('names each field that needs something', () => {
    const errors: Record<string, string> = {};
    validateTripDetails(
      [
        ['pickup', { kind: 'airport', details: '' }],
        ['stops.0', { kind: 'locality', details: '' }],
        ['drop', { kind: 'landmark', details: 'Gate (3)' }],
      ],
      'airport',
      'XYZ',
      errors,
    );
    expect(errors).toEqual({
      'stops.0.details': m.addressDetailsRequired,
      'drop.details': m.addressDetailsInvalid,
      flightNumber: m.flightNumberInvalid,
    });
  });
});
