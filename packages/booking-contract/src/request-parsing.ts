// Reading request bodies: the server calls the parse* functions on a JSON body (and the widget on
// what it is about to send). Each checks the wire shape (schemas.ts) and every booking rule
// (validation.ts), and answers either the trimmed input or one `{ field: message }` map with every
// field's first message, the rules' before the schema's, so the server's 400 shows the same
// messages as the widget.
import type { z } from 'zod';
import { messages } from './messages';
import type { ChildSeats } from './fare-lines';
import { MAX_STOPS } from './rules';
import {
  bookingRequestSchema,
  lookupRequestSchema,
  passengerStepSchema,
  placeKinds,
  quoteRequestSchema,
  type PlaceKind,
  type ContactDetails,
  type FieldErrors,
  type LookupInput,
  type Step1Input,
  type Step3Input,
  type Trip,
} from './schemas';
import {
  isEmpty,
  toTrip,
  validateLookup,
  validateStep1,
  validateStep2,
  validateStep3,
  type ClockOptions,
} from './validation';

export type ParseResult<T> = { success: true; data: T } | { success: false; fields: FieldErrors };

const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/** The first message of each field; nested paths of a place or contact collapse onto the field. */
function shapeErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const [head, second] = issue.path.map(String);
    if (head === undefined) continue;
    const nested = ['stops', 'passenger', 'bookingPerson'].includes(head) && second !== undefined;
    fields[nested ? `${head}.${second}` : head] ??= issue.message;
  }
  return fields;
}

// A body with a value of the wrong type still gets every rule's message: the rules run on a
// lenient reading of it (a wrong type reads as empty), and the wire shape's message is kept only
// for a field the rules found nothing wrong with.
const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
const numberOr = (value: unknown, missing: number) =>
  typeof value === 'number' ? value : value === undefined ? missing : Number.NaN;

function lenientStep1(body: unknown): Step1Input {
  const input = record(body);
  const place = (value: unknown) => {
    const candidate = record(value);
    return typeof candidate.placeId === 'string'
      ? { placeId: candidate.placeId, description: text(candidate.description), ...extras(value) }
      : null;
  };
  return {
    pickup: place(input.pickup),
    drop: place(input.drop),
    stops: (Array.isArray(input.stops) ? input.stops : []).slice(0, MAX_STOPS).map((value) => {
      const stop = record(value);
      return {
        enabled: stop.enabled === true,
        placeId: textOrNull(stop.placeId),
        description: textOrNull(stop.description),
        ...extras(value),
      };
    }),
    date: text(input.date),
    time: text(input.time),
    passengers: numberOr(input.passengers, Number.NaN),
    byTheHour: input.byTheHour === true,
    hours: numberOr(input.hours, 0),
    notes: text(input.notes),
    childSeats: lenientChildSeats(input.childSeats),
    trailer: input.trailer === true,
    suitcases: numberOr(input.suitcases, 0),
    smallBags: numberOr(input.smallBags, 0),
    flightNumber: text(input.flightNumber),
  };
}

/** A place's kind (when it is one) and Address details, read leniently. */
function extras(value: unknown): { kind?: PlaceKind; details: string } {
  const place = record(value);
  const kind = placeKinds.find((candidate) => candidate === place.kind);
  return { ...(kind ? { kind } : {}), details: text(place.details) };
}

function lenientChildSeats(value: unknown): ChildSeats {
  const seats = record(value);
  const count = (key: keyof ChildSeats) => numberOr(seats[key], 0);
  return {
    babyCapsule: count('babyCapsule'),
    childSeat: count('childSeat'),
    booster: count('booster'),
  };
}

function lenientContact(value: unknown): ContactDetails {
  const contact = record(value);
  return {
    firstName: text(contact.firstName),
    lastName: text(contact.lastName),
    email: text(contact.email),
    countryCode: text(contact.countryCode),
    mobileNumber: text(contact.mobileNumber),
  };
}

function lenientBooking(body: unknown): z.output<typeof bookingRequestSchema> {
  const input = record(body);
  return {
    quoteToken: text(input.quoteToken),
    vehicleId: text(input.vehicleId),
    passenger: lenientContact(input.passenger),
    onBehalf: input.onBehalf === true,
    bookingPerson: input.bookingPerson == null ? null : lenientContact(input.bookingPerson),
    idempotencyKey: undefined,
  };
}

function lenientLookup(body: unknown): LookupInput {
  const input = record(body);
  return { email: text(input.email), bookingNumber: text(input.bookingNumber) };
}

/**
 * Reads a body with a wire schema and the rules: the parsed input and no errors, or every field's
 * message (the rules' first, then the schema's).
 */
function readBody<S extends z.ZodType, I>(
  schema: S,
  body: unknown,
  lenient: (body: unknown) => I,
  rules: (input: I) => FieldErrors,
): { input: I; errors: FieldErrors } {
  const value = body ?? {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { input: lenient({}), errors: { body: messages.api.invalidRequest } };
  }
  const strict = schema.safeParse(value);
  const input = strict.success ? (strict.data as I) : lenient(value);
  const errors = { ...(strict.success ? {} : shapeErrors(strict.error)), ...rules(input) };
  return { input, errors };
}

/** POST /api/quotes: the wire shape, then every step-1 rule; the valid trip or the field errors. */
export function parseQuoteRequest(body: unknown, options: ClockOptions = {}): ParseResult<Trip> {
  const { input, errors } = readBody(quoteRequestSchema, body, lenientStep1, (value) =>
    validateStep1(value, options),
  );
  if (hasErrors(errors)) return { success: false, fields: errors };
  return { success: true, data: toTrip(input) };
}

export interface ValidBookingRequest {
  quoteToken: string;
  vehicleId: string;
  passenger: ContactDetails;
  onBehalf: boolean;
  /** Present only when onBehalf. */
  bookingPerson: ContactDetails | null;
  idempotencyKey: string | undefined;
  /** The widget's `partner` attribute, when it carried a well-formed one. */
  partner: string | undefined;
}

/**
 * POST /api/bookings: the wire shape, step 2 (a vehicle is chosen) and step 3. The quote token is
 * only checked for presence here; the server verifies it (verifyQuote) and re-checks the vehicle
 * against the signed quote.
 */
export function parseBookingRequest(body: unknown): ParseResult<ValidBookingRequest> {
  const { input, errors } = readBody(bookingRequestSchema, body, lenientBooking, (value) => {
    const found: FieldErrors = {
      ...validateStep2({ vehicleId: value.vehicleId }),
      ...validateStep3(value),
    };
    if (isEmpty(value.quoteToken)) found.quoteToken = messages.api.quoteInvalid;
    return found;
  });
  if (hasErrors(errors)) return { success: false, fields: errors };
  return {
    success: true,
    data: {
      quoteToken: input.quoteToken.trim(),
      vehicleId: input.vehicleId.trim(),
      passenger: trimContact(input.passenger),
      onBehalf: input.onBehalf,
      bookingPerson:
        input.onBehalf && input.bookingPerson ? trimContact(input.bookingPerson) : null,
      idempotencyKey: input.idempotencyKey,
      partner: input.partner,
    },
  };
}

/** A contact with every field trimmed. */
function trimContact(contact: ContactDetails): ContactDetails {
  return {
    firstName: contact.firstName.trim(),
    lastName: contact.lastName.trim(),
    email: contact.email.trim(),
    countryCode: contact.countryCode.trim(),
    mobileNumber: contact.mobileNumber.trim(),
  };
}

/** Step 3 alone, for the widget's Next button on a draft. */
export function parsePassengerStep(body: unknown): ParseResult<Step3Input> {
  const lenient = (value: unknown): Step3Input => {
    const { passenger, onBehalf, bookingPerson } = lenientBooking(value);
    return { passenger, onBehalf, bookingPerson };
  };
  const { input, errors } = readBody(passengerStepSchema, body, lenient, validateStep3);
  return hasErrors(errors) ? { success: false, fields: errors } : { success: true, data: input };
}

/**
 * POST /api/bookings/lookup (and the /manage-booking form): trimmed, the booking number
 * upper-cased (references are base-36 upper case, docs/decisions/005-bookings-store-and-references.md),
 * the email as typed.
 */
export function parseLookupRequest(body: unknown): ParseResult<LookupInput> {
  const { input, errors } = readBody(lookupRequestSchema, body, lenientLookup, validateLookup);
  if (hasErrors(errors)) return { success: false, fields: errors };
  return {
    success: true,
    data: {
      email: input.email.trim(),
      bookingNumber: input.bookingNumber.trim().toUpperCase(),
    },
  };
}
