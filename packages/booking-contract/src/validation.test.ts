import { describe, expect, it } from 'vitest';
import {
  quoteRequestSchema,
  toTrip,
  validateLookup,
  validateStep1,
  validateStep2,
  validateStep3,
  type QuoteRequest,
  type Step3Input,
} from './index';
import { now, person, validQuote } from './validation-test-support';

function step1(overrides: Partial<QuoteRequest>) {
  return validateStep1(quoteRequestSchema.parse({ ...validQuote, ...overrides }), { now });
}

describe('step 1 "General Details"', () => {
  it('accepts a complete trip', () => {
    expect(step1({})).toEqual({});
  });

  it.each([
    ['no pickup', { pickup: null }, 'pickup', 'Pickup location is required.'],
    [
      'a pickup typed but not chosen',
      { pickup: { placeId: '  ', description: 'Bris' } },
      'pickup',
      'Pickup location is required.',
    ],
    ['no drop', { drop: null }, 'drop', 'Drop location is required.'],
    [
      'stop 1 switched on without a place',
      { stops: [{ enabled: true, placeId: null, description: null }] },
      'stops.0',
      'Since you have selected, add another stop, Stop location is required.',
    ],
    ['no date', { date: '' }, 'date', 'Booking date is required.'],
    ['a date that does not exist', { date: '2026-02-30' }, 'date', 'Booking date is required.'],
    ['no time', { time: '  ' }, 'time', 'Booking time is required.'],
    [
      'a time less than an hour ahead',
      { date: '2026-03-10', time: '12:30' },
      'time',
      'Booking must be at least one hour from now.',
    ],
    ['no passengers', { passengers: 0 }, 'passengers', 'Number of passengers is required.'],
    ['negative passengers', { passengers: -2 }, 'passengers', 'Number of passengers is required.'],
    [
      'a fraction of a passenger',
      { passengers: 1.5 },
      'passengers',
      'Number of passengers is required.',
    ],
    [
      'more passengers than any vehicle seats',
      { passengers: 62 },
      'passengers',
      'Please enter at most 61 passengers.',
    ],
    [
      'by the hour with 0 hours',
      { byTheHour: true, hours: 0 },
      'hours',
      'Since you have opted booking by the hours, Number of hours is required.',
    ],
    [
      'by the hour beyond a day',
      { byTheHour: true, hours: 24.5 },
      'hours',
      'Bookings by the hour are for at most 24 hours.',
    ],
    [
      'notes with a full stop',
      { notes: 'Gate 3. Thanks' },
      'notes',
      'Only alphanumeric characters, commas, semicolons, and underscores are allowed.',
    ],
    [
      'notes with a new line',
      { notes: 'Child seat\nplease' },
      'notes',
      'Only alphanumeric characters, commas, semicolons, and underscores are allowed.',
    ],
    [
      'notes over 300 characters',
      { notes: 'a'.repeat(301) },
      'notes',
      'Booking notes can be at most 300 characters.',
    ],
  ] as const)('%s', (_case, overrides, field, message) => {
    const errors = step1(overrides as Partial<QuoteRequest>);
    expect(errors[field]).toBe(message);
    expect(Object.keys(errors)).toEqual([field]);
  });

  it.each([0.01, 0.5, 0.75, 1.25, 2.9])(
    'refuses %s hours by the hour: whole or half hours from 1 only',
    (hours) => {
      expect(step1({ byTheHour: true, hours })).toEqual({
        hours: 'Bookings by the hour are for whole or half hours, from 1 hour.',
      });
    },
  );

  it.each([1, 1.5, 2, 23.5, 24])('accepts %s hours by the hour', (hours) => {
    expect(step1({ byTheHour: true, hours })).toEqual({});
  });

  it('takes child seats up to the passengers and at most 6, and a trailer', () => {
    const seats = (babyCapsule: number, childSeat: number, booster: number) => ({
      babyCapsule,
      childSeat,
      booster,
    });
    expect(step1({ passengers: 3, childSeats: seats(1, 1, 1), trailer: true })).toEqual({});
    expect(step1({ passengers: 2, childSeats: seats(1, 1, 1) })).toEqual({
      childSeats: 'Child seats cannot be more than the passengers.',
    });
    expect(step1({ passengers: 10, childSeats: seats(3, 2, 2) })).toEqual({
      childSeats: 'Please ask for at most 6 child seats.',
    });
    expect(
      quoteRequestSchema.safeParse({ ...validQuote, childSeats: seats(-1, 0, 0) }).success,
    ).toBe(false);
  });

  it('takes 0 to 61 suitcases and small bags, 0 when not sent, and copies them into the trip', () => {
    expect(step1({ suitcases: 61, smallBags: 0 })).toEqual({});
    expect(quoteRequestSchema.parse(validQuote)).toMatchObject({ suitcases: 0, smallBags: 0 });
    expect(step1({ suitcases: 62, smallBags: -1 })).toEqual({
      suitcases: 'Please enter 0 to 61 suitcases.',
      smallBags: 'Please enter 0 to 61 small bags.',
    });
    expect(step1({ smallBags: 1.5 })).toEqual({ smallBags: 'Please enter 0 to 61 small bags.' });
    const trip = toTrip(quoteRequestSchema.parse({ ...validQuote, suitcases: 3, smallBags: 2 }));
    expect(trip).toMatchObject({ suitcases: 3, smallBags: 2 });
  });

  it('refuses 100 hours as more than a day', () => {
    expect(step1({ byTheHour: true, hours: 100 })).toEqual({
      hours: 'Bookings by the hour are for at most 24 hours.',
    });
  });

  it('refuses a date beyond the booking horizon, and accepts its last day', () => {
    const withHorizon = (date: string, horizonMonths = 12) =>
      validateStep1(quoteRequestSchema.parse({ ...validQuote, date }), { now, horizonMonths });
    const tooFar = {
      date: 'Bookings can be made up to 12 months ahead. For a later date, please call us.',
    };
    expect(withHorizon('9999-01-01')).toEqual(tooFar);
    expect(withHorizon('2027-04-10')).toEqual(tooFar);
    expect(withHorizon('2027-03-11')).toEqual(tooFar);
    expect(withHorizon('2027-03-10')).toEqual({});
    expect(withHorizon('2027-02-10')).toEqual({});
    expect(withHorizon('2026-05-10', 1)).toEqual({
      date: 'Bookings can be made up to 1 month ahead. For a later date, please call us.',
    });
    // Without a horizon (the widget before its config arrives) only the server's check applies.
    expect(step1({ date: '9999-01-01' })).toEqual({});
  });

  it('says the date itself is too soon when the time is empty and no time that day is bookable', () => {
    expect(step1({ date: '2026-03-09', time: '' })).toEqual({
      date: 'Booking date must be at least one hour from now.',
      time: 'Booking time is required.',
    });
    // Today at noon still has bookable times: only the time is asked for.
    expect(step1({ date: '2026-03-10', time: '' })).toEqual({ time: 'Booking time is required.' });
  });

  it('gives the time message, not the date one, when a past date has a time', () => {
    expect(step1({ date: '2026-03-09', time: '10:00' })).toEqual({
      time: 'Booking must be at least one hour from now.',
    });
  });

  it('gives both messages when the date is empty and the time too', () => {
    expect(step1({ date: '', time: '' })).toEqual({
      date: 'Booking date is required.',
      time: 'Booking time is required.',
    });
  });

  it('accepts a pickup exactly one hour ahead, also across midnight', () => {
    expect(step1({ date: '2026-03-10', time: '13:00' })).toEqual({});
    const lateEvening = new Date('2026-03-10T13:30:00Z'); // 23:30 in Brisbane
    const input = quoteRequestSchema.parse({ ...validQuote, date: '2026-03-11', time: '00:30' });
    expect(validateStep1(input, { now: lateEvening })).toEqual({});
    expect(validateStep1({ ...input, time: '00:29' }, { now: lateEvening })).toEqual({
      time: 'Booking must be at least one hour from now.',
    });
  });

  it('accepts notes of exactly 300 allowed characters, and letters, digits, , ; _ and spaces', () => {
    expect(step1({ notes: 'a'.repeat(300) })).toEqual({});
    expect(step1({ notes: 'Flight QF 512; 2 golf bags, child_seat' })).toEqual({});
  });

  it('validates only stop 1, as specified', () => {
    expect(
      step1({
        stops: [
          { enabled: true, placeId: 'gz:south-bank', description: 'South Bank' },
          { enabled: true, placeId: null, description: null },
        ],
      }),
    ).toEqual({});
  });

  it('reports every field at once for an empty step', () => {
    const errors = validateStep1(
      quoteRequestSchema.parse({ passengers: 0, byTheHour: true, hours: 0, time: '' }),
      { now },
    );
    expect(Object.keys(errors).sort()).toEqual(
      ['date', 'drop', 'hours', 'passengers', 'pickup', 'time'].sort(),
    );
  });
});

describe('step 2 "Vehicle Selection"', () => {
  it('requires a vehicle', () => {
    expect(validateStep2({ vehicleId: null })).toEqual({
      vehicleId: 'Please select the vehicle for your ride.',
    });
    expect(validateStep2({ vehicleId: ' ' })).toEqual({
      vehicleId: 'Please select the vehicle for your ride.',
    });
    expect(validateStep2({ vehicleId: 'vehicleType.executive-sedan' })).toEqual({});
  });

  it('refuses a vehicle too small for the passengers', () => {
    expect(validateStep2({ vehicleId: 'v' }, { passengers: 5, vehicleCapacity: 4 })).toEqual({
      vehicleId: 'This vehicle cannot carry 5 passengers. Please choose a larger one.',
    });
    expect(validateStep2({ vehicleId: 'v' }, { passengers: 4, vehicleCapacity: 4 })).toEqual({});
  });
});

function step3(
  passenger: Partial<typeof person>,
  onBehalf = false,
  bookingPerson: Partial<typeof person> | null = null,
): Record<string, string> {
  const input: Step3Input = {
    passenger: { ...person, ...passenger },
    onBehalf,
    bookingPerson: bookingPerson ? { ...person, ...bookingPerson } : null,
  };
  return validateStep3(input);
}

describe('step 3 "Passenger Details"', () => {
  it('accepts complete details', () => {
    expect(step3({})).toEqual({});
  });

  it.each([
    ['firstName', '', 'Firstname is required.'],
    ['lastName', '   ', 'Lastname is required.'],
    ['email', '', 'Email is required.'],
    ['email', 'mia@example', 'Please enter the valid email address.'],
    ['email', 'mia@example.c', 'Please enter the valid email address.'],
    ['email', 'mia nguyen@example.com', 'Please enter the valid email address.'],
    ['countryCode', '', 'Country code is required.'],
    ['countryCode', '61', 'Invalid country code. Must start with + and contain digits.'],
    ['countryCode', '+6a', 'Invalid country code. Must start with + and contain digits.'],
    ['countryCode', '+', 'Invalid country code. Must start with + and contain digits.'],
    ['countryCode', '+123456', 'Country code length must be between 2 and 6 characters.'],
    ['mobileNumber', '', 'Phone number is required.'],
    ['mobileNumber', '0412 345 678', 'Invalid mobile number. Must contain digits only.'],
    ['mobileNumber', '+61412345678', 'Invalid mobile number. Must contain digits only.'],
    ['mobileNumber', '1234567', 'Mobile number length must be between 8 and 15 digits.'],
    ['mobileNumber', '1234567890123456', 'Mobile number length must be between 8 and 15 digits.'],
  ])('%s "%s" gives "%s"', (field, value, message) => {
    expect(step3({ [field]: value })).toEqual({ [`passenger.${field}`]: message });
  });

  it.each([
    ['countryCode', '+1'],
    ['countryCode', '+12345'],
    ['mobileNumber', '12345678'],
    ['mobileNumber', '123456789012345'],
    ['email', 'a@b.co'],
  ])('accepts the boundary value %s "%s"', (field, value) => {
    expect(step3({ [field]: value })).toEqual({});
  });

  it('applies the same rules to the person booking on behalf of someone else', () => {
    expect(step3({}, true, { firstName: '', email: 'wrong', mobileNumber: '12ab5678' })).toEqual({
      'bookingPerson.firstName': 'Firstname is required.',
      'bookingPerson.email': 'Please enter the valid email address.',
      'bookingPerson.mobileNumber': 'Invalid mobile number. Must contain digits only.',
    });
    expect(step3({}, true, null)).toEqual({
      'bookingPerson.firstName': 'Firstname is required.',
      'bookingPerson.lastName': 'Lastname is required.',
      'bookingPerson.email': 'Email is required.',
      'bookingPerson.countryCode': 'Country code is required.',
      'bookingPerson.mobileNumber': 'Phone number is required.',
    });
  });

  it('ignores the booking person unless booking on behalf', () => {
    expect(step3({}, false, { firstName: '' })).toEqual({});
  });
});

describe('manage booking lookup', () => {
  it('gives both messages when both are empty', () => {
    expect(validateLookup({ email: '', bookingNumber: '' })).toEqual({
      bookingNumber: 'Please provide a valid Booking Number.',
      email: 'Please provide a valid Email Id.',
    });
  });

  it.each(['ABC1234', 'ABCDEFG123456', 'ABCD-1234', 'ABCD 12345'])(
    'refuses the booking number "%s"',
    (bookingNumber) => {
      expect(validateLookup({ email: 'mia@example.com', bookingNumber })).toEqual({
        bookingNumber: 'Please provide a valid Booking Number.',
      });
    },
  );

  it.each(['ABCD1234', 'abcdef123456', 'M0ABCDEF'])(
    'accepts the booking number "%s"',
    (bookingNumber) => {
      expect(validateLookup({ email: 'mia@example.com', bookingNumber })).toEqual({});
    },
  );

  it('refuses an invalid email', () => {
    expect(validateLookup({ email: 'mia@', bookingNumber: 'ABCD1234' })).toEqual({
      email: 'Please provide a valid Email Id.',
    });
  });
});
