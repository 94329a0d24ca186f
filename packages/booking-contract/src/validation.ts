// The booking rules (docs/product.md, "Booking rules") with their exact messages, as pure
// functions. The widget calls the validate* functions for instant feedback; the server runs the
// same functions through the parse* readers of request-parsing.ts and answers 400 with the same
// `{ field: message }` map, so both sides always agree.
//
// Field paths: step 1 "pickup", "drop", "stops.0", "date", "time", "passengers", "hours", "notes",
// "childSeats", "suitcases", "smallBags";
// step 2 "vehicleId"; step 3 "passenger.firstName" … and "bookingPerson.firstName" …;
// lookup "bookingNumber", "email"; booking request also "quoteToken".
//
// Where the specification leaves a choice, the rule chosen and why:
// - "Booking date must be at least one hour from now." (the specification's "earlier empty-time
//   check") is the date's message when the time is still empty and no time on that date can be booked.
// - Only stop 1 is validated, as specified. Enabled stops 2 to 4 without a chosen place are left out
//   of the trip; the quote echoes the stops it priced so the summary shows exactly those.
// - Passengers and hours have upper bounds (61, the largest coach; 24 hours) so a typo is caught
//   here rather than priced. Hours above 0 that are not whole or half hours from 1 (0.5, 0.01,
//   1.25) are refused with their own message; 0 keeps the specification's "required" message.
// - Suitcases and small bags are whole numbers from 0 to 61 each; a vehicle that cannot take them
//   is left unpriced by the quote, with the reason on its card.
// - With a booking horizon (months, from the CMS), a date beyond it is refused: the server always
//   passes it, the widget once it has read it.
import { messages } from './messages';
import {
  BOOKING_NUMBER_PATTERN,
  COUNTRY_CODE_LENGTH,
  COUNTRY_CODE_PATTERN,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  HOURS_GRANULARITY,
  MAX_HOURS,
  MAX_PASSENGERS,
  MIN_HOURS,
  MAX_STOPS,
  MOBILE_LENGTH,
  MOBILE_PATTERN,
  NAME_MAX_LENGTH,
  NOTES_MAX_LENGTH,
  NOTES_PATTERN,
} from './rules';
import type {
  ContactDetails,
  FieldErrors,
  LookupInput,
  Place,
  Step1Input,
  Step3Input,
  Trip,
} from './schemas';
import { MAX_CHILD_SEATS, NO_CHILD_SEATS, childSeatCount } from './child-seats';
import { validateLuggage } from './luggage';
import { normaliseFlightNumber, validateTripDetails, type PlaceField } from './trip-details';
import {
  isAtLeastOneHourAhead,
  isBookableDate,
  isWithinBookingHorizon,
  parseIsoDate,
  parseTimeOfDay,
} from './time';

const m = messages.booking;

/** Empty means null, undefined or blank after trimming (the specification's definition). */
export function isEmpty(value: unknown): boolean {
  return (
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
  );
}

export interface ClockOptions {
  /** The current instant; defaults to the real clock. */
  now?: Date;
  /** How many months ahead a pickup may be; without it the date has no upper bound. */
  horizonMonths?: number;
}

/** True for whole or half hours from MIN_HOURS (1, 1.5, 2 …), the counter's steps. */
export function isBookableHours(hours: number): boolean {
  return (
    Number.isFinite(hours) && hours >= MIN_HOURS && Number.isInteger(hours / HOURS_GRANULARITY)
  );
}

// ---------------------------------------------------------------------------------------------
// Step 1

export function validateStep1(input: Step1Input, options: ClockOptions = {}): FieldErrors {
  const now = options.now ?? new Date();
  const errors: FieldErrors = {};

  if (isEmpty(input.pickup?.placeId)) errors.pickup = m.pickupRequired;
  if (isEmpty(input.drop?.placeId)) errors.drop = m.dropRequired;
  const firstStop = input.stops[0];
  if (firstStop?.enabled && isEmpty(firstStop.placeId)) errors['stops.0'] = m.stopRequired;

  const date = input.date.trim();
  const time = input.time.trim();
  const dateValid = parseIsoDate(date) !== undefined;
  const timeValid = parseTimeOfDay(time) !== undefined;
  if (!dateValid) errors.date = m.dateRequired;
  else if (
    options.horizonMonths !== undefined &&
    !isWithinBookingHorizon(date, options.horizonMonths, now)
  ) {
    errors.date = m.dateTooFar(options.horizonMonths);
  }
  if (!timeValid) {
    errors.time = m.timeRequired;
    if (dateValid && !isBookableDate(date, now)) errors.date = m.dateTooSoon;
  } else if (dateValid && !isAtLeastOneHourAhead(date, time, now)) {
    errors.time = m.timeTooSoon;
  }

  const passengers = input.passengers;
  if (!Number.isInteger(passengers) || passengers <= 0) {
    errors.passengers = m.passengersRequired;
  } else if (passengers > MAX_PASSENGERS) {
    errors.passengers = m.passengersTooMany(MAX_PASSENGERS);
  }

  if (input.byTheHour) {
    if (!Number.isFinite(input.hours) || input.hours <= 0) errors.hours = m.hoursRequired;
    else if (input.hours > MAX_HOURS) errors.hours = m.hoursTooMany(MAX_HOURS);
    else if (!isBookableHours(input.hours)) errors.hours = m.hoursSteps(MIN_HOURS);
  }

  const notes = input.notes.trim();
  if (notes.length > NOTES_MAX_LENGTH) errors.notes = m.notesTooLong(NOTES_MAX_LENGTH);
  else if (!NOTES_PATTERN.test(notes)) errors.notes = m.notesCharacters;

  const seats = childSeatCount(input.childSeats ?? NO_CHILD_SEATS);
  if (seats > MAX_CHILD_SEATS) errors.childSeats = m.childSeatsTooMany(MAX_CHILD_SEATS);
  else if (Number.isInteger(passengers) && passengers > 0 && seats > passengers) {
    errors.childSeats = m.childSeatsOverPassengers;
  }
  validateLuggage(input, errors);
  validateTripDetails(chosenPlaces(input), input.pickup?.kind, input.flightNumber, errors);

  return errors;
}

/** The place fields with a chosen place, for the address-details rule. */
function chosenPlaces(input: Step1Input) {
  const fields: [PlaceField, Step1Input['pickup'] | Step1Input['stops'][number]][] = [
    ['pickup', input.pickup],
    ['drop', input.drop],
    ...input.stops.map((stop, index): [PlaceField, Step1Input['stops'][number]] => [
      `stops.${index}`,
      stop,
    ]),
  ];
  return fields.filter(
    ([field, place]) =>
      !isEmpty(place?.placeId) &&
      (!field.startsWith('stops.') || (place as { enabled?: boolean }).enabled),
  );
}

/** A place's Address details as the trip keeps them: trimmed, left out when empty. */
const withDetails = (details: string | undefined) => {
  const value = (details ?? '').trim();
  return value === '' ? {} : { details: value };
};

/** The trip a valid step 1 describes: trimmed, stops reduced to those that are part of the route. */
export function toTrip(input: Step1Input): Trip {
  const stops: Place[] = [];
  for (const stop of input.stops.slice(0, MAX_STOPS)) {
    // A later stop switch is shown only once the earlier one is on.
    if (!stop.enabled) break;
    if (!isEmpty(stop.placeId)) {
      const placeId = (stop.placeId ?? '').trim();
      stops.push({
        placeId,
        description: (stop.description ?? '').trim() || placeId,
        ...withDetails(stop.details),
      });
    }
  }
  const place = (value: Step1Input['pickup']): Place => ({
    placeId: value?.placeId.trim() ?? '',
    description: value?.description.trim() || (value?.placeId.trim() ?? ''),
    ...withDetails(value?.details),
  });
  const flightNumber = normaliseFlightNumber(input.flightNumber);
  return {
    pickup: place(input.pickup),
    stops,
    drop: place(input.drop),
    date: input.date.trim(),
    time: input.time.trim(),
    passengers: input.passengers,
    byTheHour: input.byTheHour,
    hours: input.byTheHour ? input.hours : 0,
    notes: input.notes.trim(),
    childSeats: { ...NO_CHILD_SEATS, ...input.childSeats },
    trailer: input.trailer === true,
    suitcases: input.suitcases,
    smallBags: input.smallBags,
    ...(flightNumber ? { flightNumber } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Step 2

export interface Step2Input {
  vehicleId: string | null | undefined;
}

/**
 * Step 2. With the chosen vehicle's capacity and the trip's passenger count, also refuses a
 * vehicle that cannot carry them.
 */
export function validateStep2(
  input: Step2Input,
  context: { passengers?: number; vehicleCapacity?: number } = {},
): FieldErrors {
  if (isEmpty(input.vehicleId)) return { vehicleId: m.vehicleRequired };
  const { passengers, vehicleCapacity } = context;
  if (passengers !== undefined && vehicleCapacity !== undefined && passengers > vehicleCapacity) {
    return { vehicleId: m.vehicleTooSmall(passengers) };
  }
  return {};
}

// ---------------------------------------------------------------------------------------------
// Step 3

function validateContact(contact: ContactDetails | null, prefix: string, errors: FieldErrors) {
  const value = (key: keyof ContactDetails) => (contact?.[key] ?? '').trim();
  const firstName = value('firstName');
  if (firstName === '') errors[`${prefix}.firstName`] = m.firstNameRequired;
  else if (firstName.length > NAME_MAX_LENGTH) {
    errors[`${prefix}.firstName`] = m.tooLong(NAME_MAX_LENGTH);
  }
  const lastName = value('lastName');
  if (lastName === '') errors[`${prefix}.lastName`] = m.lastNameRequired;
  else if (lastName.length > NAME_MAX_LENGTH) {
    errors[`${prefix}.lastName`] = m.tooLong(NAME_MAX_LENGTH);
  }
  const email = value('email');
  if (email === '') errors[`${prefix}.email`] = m.emailRequired;
  else if (!isValidEmail(email)) errors[`${prefix}.email`] = m.emailInvalid;

  const countryCode = value('countryCode');
  if (countryCode === '') errors[`${prefix}.countryCode`] = m.countryCodeRequired;
  else if (!COUNTRY_CODE_PATTERN.test(countryCode)) {
    errors[`${prefix}.countryCode`] = m.countryCodeInvalid;
  } else if (
    countryCode.length < COUNTRY_CODE_LENGTH.min ||
    countryCode.length > COUNTRY_CODE_LENGTH.max
  ) {
    errors[`${prefix}.countryCode`] = m.countryCodeLength;
  }

  const mobile = value('mobileNumber');
  if (mobile === '') errors[`${prefix}.mobileNumber`] = m.mobileRequired;
  else if (!MOBILE_PATTERN.test(mobile)) errors[`${prefix}.mobileNumber`] = m.mobileInvalid;
  else if (mobile.length < MOBILE_LENGTH.min || mobile.length > MOBILE_LENGTH.max) {
    errors[`${prefix}.mobileNumber`] = m.mobileLength;
  }
}

/** Step 3: the passenger, and the person booking when booking on behalf of someone else. */
export function validateStep3(input: Step3Input): FieldErrors {
  const errors: FieldErrors = {};
  validateContact(input.passenger, 'passenger', errors);
  if (input.onBehalf) validateContact(input.bookingPerson, 'bookingPerson', errors);
  return errors;
}

/** The basic email pattern, length-checked first so it never runs on huge input. */
export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

// ---------------------------------------------------------------------------------------------
// Manage booking lookup

export function validateLookup(input: LookupInput): FieldErrors {
  const errors: FieldErrors = {};
  if (!BOOKING_NUMBER_PATTERN.test(input.bookingNumber.trim())) {
    errors.bookingNumber = messages.lookup.bookingNumberInvalid;
  }
  if (!isValidEmail(input.email.trim())) errors.email = messages.lookup.emailInvalid;
  return errors;
}
