// Pure edits of the widget's form draft, one per thing the customer does: each takes a draft and
// returns the next one. The machine's actions (booking-setup.ts) are these plus the errors they
// settle.
import {
  HOURS_STEP_DOWN,
  HOURS_STEP_UP,
  MAX_STOPS,
  type ChildSeatKind,
  type FieldErrors,
  type QuoteResponse,
  type VehicleCard,
} from '@business-chauffeur/booking-contract';
import {
  createBookingDraft,
  emptyStop,
  type BookingDraft,
  type DraftContact,
  type DraftPlace,
  type Profile,
} from '@business-chauffeur/booking-contract/widget';
import type { BookingMachineInput, ContactRole, GeneralField, PlaceField } from './types';

type Trip = BookingDraft['trip'];

const withTrip = (draft: BookingDraft, trip: Partial<Trip>): BookingDraft => ({
  ...draft,
  trip: { ...draft.trip, ...trip },
});

/** The signed-in customer's name and email, where the passenger's are still empty. */
export function withProfile(draft: BookingDraft, profile: Profile | null): BookingDraft {
  if (!profile) return draft;
  const { passenger } = draft;
  return {
    ...draft,
    passenger: {
      ...passenger,
      firstName: passenger.firstName || profile.firstName,
      lastName: passenger.lastName || profile.lastName,
      email: passenger.email || profile.email,
    },
  };
}

/** The draft a wizard opens with: restored, or fresh with the element's prefill. */
export function initialDraft(input: BookingMachineInput): BookingDraft {
  const profile = input.profile ?? null;
  if (input.restored) return withProfile(input.restored.draft, profile);
  const draft = createBookingDraft();
  const prefill = input.prefill ?? {};
  if (prefill.date) draft.trip.date = prefill.date;
  if (prefill.passengers) draft.trip.passengers = prefill.passengers;
  return withProfile(draft, profile);
}

function stopIndex(field: PlaceField): number | null {
  return field.startsWith('stops.') ? Number(field.slice('stops.'.length)) : null;
}

export function placeOf(draft: BookingDraft, field: PlaceField): DraftPlace | undefined {
  if (field === 'pickup') return draft.trip.pickup;
  if (field === 'drop') return draft.trip.drop;
  const index = stopIndex(field);
  return index === null ? undefined : draft.trip.stops[index];
}

/** A place field changed: its text, chosen suggestion and kind, or its Address details. */
export function withPlace(
  draft: BookingDraft,
  field: PlaceField,
  change: Partial<DraftPlace>,
): BookingDraft {
  const current = placeOf(draft, field);
  if (!current) return draft;
  const next = { ...current, ...change };
  if (field === 'pickup' || field === 'drop') return withTrip(draft, { [field]: next });
  const index = stopIndex(field) ?? 0;
  const stops = [...draft.trip.stops] as Trip['stops'];
  stops[index] = { ...draft.trip.stops[index]!, ...change };
  return withTrip(draft, { stops });
}

/**
 * A stop's switch. It shows only once the earlier stop is on (null: refused); switching one off
 * turns off (and empties) every later stop too, so the stops stay a sequence.
 */
export function withStopToggled(
  draft: BookingDraft,
  index: number,
  enabled: boolean,
): BookingDraft | null {
  if (index < 0 || index >= MAX_STOPS) return null;
  if (enabled && index > 0 && !draft.trip.stops[index - 1]?.enabled) return null;
  const stops = draft.trip.stops.map((stop, i) => {
    if (i === index) return enabled ? { ...stop, enabled: true } : emptyStop();
    return !enabled && i > index ? emptyStop() : stop;
  }) as Trip['stops'];
  return withTrip(draft, { stops });
}

/** The error paths of the stops from `index` on. */
export const stopPathsFrom = (index: number) =>
  Array.from({ length: MAX_STOPS }, (_, i) => [`stops.${i}`, `stops.${i}.details`])
    .slice(index)
    .flat();

export function withGeneral(draft: BookingDraft, field: GeneralField, value: string) {
  if (field === 'date' || field === 'time' || field === 'notes' || field === 'flightNumber') {
    return withTrip(draft, { [field]: value });
  }
  return withTrip(draft, { [field]: value.trim() === '' ? 0 : Number(value) });
}

/** On or off, hours start again from 0. */
export const withByTheHour = (draft: BookingDraft, byTheHour: boolean) =>
  withTrip(draft, { byTheHour, hours: 0 });

export const withFewerHours = (draft: BookingDraft) =>
  withTrip(draft, { hours: Math.max(0, draft.trip.hours - HOURS_STEP_DOWN) });

export const withMoreHours = (draft: BookingDraft) =>
  withTrip(draft, { hours: draft.trip.hours + HOURS_STEP_UP });

/**
 * A count of one kind of child seat. What is typed is kept as a whole number (empty is 0); the
 * step-1 rules say when there are too many.
 */
export function withChildSeats(draft: BookingDraft, kind: ChildSeatKind, value: string) {
  const count = Math.trunc(Number(value.trim() || '0'));
  const childSeats = {
    ...draft.trip.childSeats,
    [kind]: Number.isFinite(count) ? Math.max(0, count) : 0,
  };
  return withTrip(draft, { childSeats });
}

export const withTrailer = (draft: BookingDraft, trailer: boolean) => withTrip(draft, { trailer });

export function withContact(
  draft: BookingDraft,
  role: ContactRole,
  field: keyof DraftContact,
  value: string,
): BookingDraft {
  return { ...draft, [role]: { ...draft[role], [field]: value } };
}

/**
 * A vehicle card the customer may choose: it carries the party, takes the extras asked for, and
 * the quote priced it.
 */
export function selectable(card: VehicleCard | undefined): card is VehicleCard {
  return Boolean(card && card.canCarry && !card.unavailableReason && card.totalCents !== null);
}

export const findVehicle = (draft: BookingDraft, id: string | null) =>
  draft.vehicles.find((card) => card.id === id);

export const withSelection = (draft: BookingDraft, card: VehicleCard | null): BookingDraft => ({
  ...draft,
  vehicleId: card?.id ?? null,
});

/**
 * The quote's token and cards. After a re-quote the selected vehicle stays selected, with its new
 * fare, if it is still offered.
 */
export function withQuote(draft: BookingDraft, quote: QuoteResponse): BookingDraft {
  const next = { ...draft, quoteToken: quote.quoteToken, vehicles: quote.vehicles };
  if (!draft.vehicleId) return next;
  const selected = findVehicle(next, draft.vehicleId);
  return withSelection(next, selectable(selected) ? selected : null);
}

export function withoutErrors(errors: FieldErrors, ...paths: string[]): FieldErrors {
  if (!paths.some((path) => path in errors)) return errors;
  const next = { ...errors };
  for (const path of paths) delete next[path];
  return next;
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

export function randomKey(): string {
  // getRandomValues works on plain-http partner pages too, where randomUUID does not exist.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
