// The contract's step rules (the booking rules in docs/product.md) applied to a booking draft. Its
// own chunk: the rules bring the contract's whole message catalogue, which the code that shows
// step 1 does without; the machine loads this module (its loadRules actor) as soon as it starts,
// long before a first Next.
import {
  validateStep1,
  validateStep2,
  validateStep3,
  type FieldErrors,
  type Step1Input,
} from '@business-chauffeur/booking-contract';
import {
  draftToQuoteRequest,
  type BookingDraft,
} from '@business-chauffeur/booking-contract/widget';

/**
 * Step 1 of a draft as the contract's validateStep1 reads it: the quote request with its defaults
 * filled in. (The widget calls the rule functions directly, not the Zod-based parse functions: Zod
 * is not needed to check a form.)
 */
export function step1Input(draft: BookingDraft): Step1Input {
  const request = draftToQuoteRequest(draft);
  return {
    pickup: request.pickup ?? null,
    drop: request.drop ?? null,
    stops: (request.stops ?? []).map((stop) => ({
      enabled: stop.enabled,
      placeId: stop.placeId ?? null,
      description: stop.description ?? null,
      ...(stop.kind ? { kind: stop.kind } : {}),
      details: stop.details ?? '',
    })),
    date: request.date ?? '',
    time: request.time ?? '',
    passengers: request.passengers,
    byTheHour: request.byTheHour ?? false,
    hours: request.hours ?? 0,
    notes: request.notes ?? '',
    childSeats: draft.trip.childSeats,
    trailer: draft.trip.trailer,
    suitcases: draft.trip.suitcases,
    smallBags: draft.trip.smallBags,
    flightNumber: request.flightNumber ?? '',
  };
}

/** The step-1 rules of the contract on a draft: field path → message. */
export function step1Errors(
  draft: BookingDraft,
  now: Date,
  horizonMonths: number | null = null,
): FieldErrors {
  return validateStep1(step1Input(draft), {
    now,
    ...(horizonMonths === null ? {} : { horizonMonths }),
  });
}

export function step2Errors(draft: BookingDraft): FieldErrors {
  const vehicle = draft.vehicles.find((card) => card.id === draft.vehicleId);
  return validateStep2(
    { vehicleId: draft.vehicleId },
    { passengers: draft.trip.passengers, vehicleCapacity: vehicle?.passengers },
  );
}

export function step3Errors(draft: BookingDraft): FieldErrors {
  return validateStep3({
    passenger: draft.passenger,
    onBehalf: draft.onBehalf,
    bookingPerson: draft.onBehalf ? draft.bookingPerson : null,
  });
}

export const bookingRules = { step1Errors, step2Errors, step3Errors };
export type BookingRules = typeof bookingRules;
