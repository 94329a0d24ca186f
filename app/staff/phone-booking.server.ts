// A booking staff take by phone (/staff/bookings/new), with the wizard's own rules: the trip is
// read by the contract's parseQuoteRequest (step 1's rules and messages, the booking horizon from
// Site settings), priced by the fare engine (createQuote, integer cents, signed), and booked by the
// very createBooking that serves POST /api/bookings (step 2 and 3's rules, the quote's fare, one
// payment intent). The booking is saved unpaid and the customer is sent a payment link
// (app/booking/payment-links.server.ts) by email and text message; paying it confirms the booking
// as the widget's payment would.
//
// Places are typed as staff hear them: each is looked up with the places provider and the
// suggestion whose text matches (else the first) is the one priced, shown back to staff with the
// price so they read it to the customer before booking.
import {
  messages,
  parseQuoteRequest,
  type FieldErrors,
  type QuoteResponse,
} from '@business-chauffeur/booking-contract';
import { BookingApiError } from '~/booking/booking-api-error.server';
import { getBookingHorizonMonths } from '~/booking/booking-horizon.server';
import { createBooking } from '~/booking/bookings.server';
import { sendPaymentLink } from '~/booking/payment-link-message.server';
import { issuePaymentLink } from '~/booking/payment-links.server';
import { FleetUnavailableError, TripDetailsError, createQuote } from '~/booking/quotes.server';
import { QuoteTokenError, verifyQuote } from '~/booking/quote-token.server';
import { getContentSource } from '~/content/content.server';
import { getPlaces } from '~/places/places-provider.server';
import { PlacesError } from '~/places/places.server';
import { getAuditLogStore } from '~/store/store.server';
import { log } from '~/utils/log.server';
import type { PhoneBookingForm } from './phone-booking-forms';

/** The contract's field paths as the staff form names them. */
const FIELD_OF: Record<string, keyof PhoneBookingForm> = {
  pickup: 'pickup',
  'pickup.details': 'pickupDetails',
  drop: 'drop',
  'drop.details': 'dropDetails',
  flightNumber: 'flightNumber',
  date: 'date',
  time: 'time',
  passengers: 'passengers',
  notes: 'notes',
  vehicleId: 'vehicleId',
  'passenger.firstName': 'firstName',
  'passenger.lastName': 'lastName',
  'passenger.email': 'email',
  'passenger.countryCode': 'countryCode',
  'passenger.mobileNumber': 'mobileNumber',
};

export interface PhoneBookingProblems {
  fieldErrors: Partial<Record<keyof PhoneBookingForm, string[]>>;
  formErrors: string[];
}

function problemsOf(fields: FieldErrors): PhoneBookingProblems {
  const problems: PhoneBookingProblems = { fieldErrors: {}, formErrors: [] };
  for (const [path, message] of Object.entries(fields)) {
    const field = FIELD_OF[path];
    if (field) problems.fieldErrors[field] = [message];
    else problems.formErrors.push(message);
  }
  return problems;
}

/** The place staff typed, as the provider knows it; null when it knows none. */
async function resolvePlace(text: string) {
  const typed = text.trim();
  if (!typed) return null;
  const suggestions = await getPlaces().suggest(typed);
  const exact = suggestions.find(
    (suggestion) => suggestion.description.toLowerCase() === typed.toLowerCase(),
  );
  return exact ?? suggestions[0] ?? null;
}

const unknownPlace = (typed: string) =>
  `No place matches "${typed.trim()}". Type a suburb, a street address, an airport or a hotel.`;

export type PricedTrip =
  { ok: true; quote: QuoteResponse } | ({ ok: false } & PhoneBookingProblems);

/** The trip staff typed, checked by step 1's rules and priced for every vehicle. */
export async function pricePhoneTrip(
  form: PhoneBookingForm,
  now = new Date(),
): Promise<PricedTrip> {
  let pickup, drop;
  try {
    [pickup, drop] = await Promise.all([resolvePlace(form.pickup), resolvePlace(form.drop)]);
  } catch (error) {
    log.error('Places could not be looked up for a phone booking', { error });
    return { ok: false, fieldErrors: {}, formErrors: [messages.api.routeServiceUnavailable('')] };
  }
  const placeErrors: FieldErrors = {};
  if (form.pickup.trim() && !pickup) placeErrors.pickup = unknownPlace(form.pickup);
  if (form.drop.trim() && !drop) placeErrors.drop = unknownPlace(form.drop);
  const place = (found: typeof pickup, details: string) =>
    found ? { ...found, ...(details.trim() ? { details: details.trim() } : {}) } : null;
  const parsed = parseQuoteRequest(
    {
      pickup: place(pickup, form.pickupDetails),
      drop: place(drop, form.dropDetails),
      stops: [],
      date: form.date,
      time: form.time,
      passengers: Number(form.passengers),
      byTheHour: false,
      hours: 0,
      notes: form.notes,
      ...(form.flightNumber.trim() ? { flightNumber: form.flightNumber.trim() } : {}),
    },
    { now, horizonMonths: await getBookingHorizonMonths() },
  );
  if (!parsed.success || Object.keys(placeErrors).length > 0) {
    return {
      ok: false,
      ...problemsOf({ ...(parsed.success ? {} : parsed.fields), ...placeErrors }),
    };
  }
  try {
    const quote = await createQuote({
      trip: parsed.data,
      places: getPlaces(),
      content: getContentSource(),
      now,
    });
    return { ok: true, quote };
  } catch (error) {
    if (error instanceof TripDetailsError) return { ok: false, ...problemsOf(error.fields) };
    if (error instanceof PlacesError || error instanceof FleetUnavailableError) {
      log.warn('A phone booking could not be priced', { error });
      return {
        ok: false,
        fieldErrors: {},
        formErrors: ['The trip could not be priced. Check the places and try again in a moment.'],
      };
    }
    throw error;
  }
}

export type PhoneBookingOutcome =
  { ok: true; reference: string; message: string } | ({ ok: false } & PhoneBookingProblems);

const tripKey = (trip: QuoteResponse['trip']) =>
  JSON.stringify([
    trip.pickup.description,
    trip.pickup.details ?? '',
    trip.drop.description,
    trip.drop.details ?? '',
    trip.date,
    trip.time,
    trip.passengers,
    trip.notes,
    trip.flightNumber ?? '',
  ]);

/**
 * Books the priced trip for the customer on the phone: the quote staff were shown (its token),
 * for the vehicle chosen, checked against the trip on the form (a trip changed since it was priced
 * is priced again first). Saved unpaid with its payment; the customer is sent the payment link.
 * The form's key makes a second send of the same form the same booking, with no second link.
 */
export async function bookByPhone(
  form: PhoneBookingForm,
  by: string,
  now = new Date(),
): Promise<PhoneBookingOutcome> {
  let signed;
  try {
    signed = verifyQuote(form.quoteToken, now);
  } catch (error) {
    if (!(error instanceof QuoteTokenError)) throw error;
    return {
      ok: false,
      fieldErrors: {},
      formErrors: ['The price has expired: show the prices again.'],
    };
  }
  const repriced = await pricePhoneTrip(form, now);
  if (!repriced.ok) return repriced;
  if (tripKey(repriced.quote.trip) !== tripKey(signed.trip)) {
    return {
      ok: false,
      fieldErrors: {},
      formErrors: ['The trip changed since it was priced: check the new prices and book again.'],
    };
  }
  let answer;
  try {
    answer = await createBooking({
      body: {
        quoteToken: form.quoteToken,
        vehicleId: form.vehicleId,
        passenger: {
          firstName: form.firstName,
          lastName: form.lastName,
          email: form.email,
          countryCode: form.countryCode,
          mobileNumber: form.mobileNumber,
        },
        onBehalf: false,
        bookingPerson: null,
        idempotencyKey: form.key,
      },
      idempotencyKeyHeader: null,
      partnerId: null,
      userId: null,
      now,
    });
  } catch (error) {
    if (!(error instanceof BookingApiError)) throw error;
    const problems = problemsOf(error.fields ?? {});
    if (problems.formErrors.length === 0 && Object.keys(problems.fieldErrors).length === 0) {
      problems.formErrors.push(error.message);
    }
    return { ok: false, ...problems };
  }
  const reference = answer.body.bookingReferenceId;
  if (answer.status === 200) {
    // The same form sent again: the booking and its link exist already.
    return { ok: true, reference, message: `Booking ${reference} was already saved.` };
  }
  const issued = await issuePaymentLink(answer.body.bookingId, by, now);
  let sent = { emailed: false, texted: false };
  if (issued.ok) sent = await sendPaymentLink(issued.booking, issued.link, issued.token);
  try {
    await getAuditLogStore().record({
      at: now.toISOString(),
      by,
      action: 'phone-booking',
      subjectId: answer.body.bookingId,
      subjectLabel: reference,
      note: 'Booked by phone; payment link sent',
      before: {},
      after: { fareCents: answer.body.totalCents, vehicleId: form.vehicleId },
    });
  } catch (error) {
    log.error('A phone booking could not be written to the audit log', { reference, error });
  }
  const message = !issued.ok
    ? `Booking ${reference} is saved unpaid, but no payment link could be made: ${issued.message}`
    : sent.emailed
      ? `Booking ${reference} is saved unpaid and the payment link was emailed${sent.texted ? ' and texted' : ''} to the customer.`
      : `Booking ${reference} is saved unpaid, but the payment link could not be emailed: send a new one from this page.`;
  return { ok: true, reference, message };
}
