// Drafts written before the form draft lost the stored booking's layout (storage version 1: the
// step in `pageDisplay.currentTab`, places under `location`, step 1 under `generalDetails`, the
// contacts under `passengerDetails`). A customer who reloads across the release finds their draft
// mapped to today's; anything unreadable is dropped. Drafts live at most a day (DRAFT_MAX_AGE_MS),
// so this module can go a day after the release that added it.
import {
  createBookingDraft,
  type BookingDraft,
  type DraftContact,
  type DraftStop,
  type WizardTab,
} from '@business-chauffeur/booking-contract/widget';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const id = (value: unknown) => (typeof value === 'string' ? value : null);
const count = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const flag = (value: unknown) => value === true;

function contact(value: unknown, fresh: DraftContact): DraftContact {
  const fields = isObject(value) ? value : {};
  return {
    firstName: text(fields.firstName, fresh.firstName),
    lastName: text(fields.lastName, fresh.lastName),
    email: text(fields.email, fresh.email),
    mobileNumber: text(fields.mobileNumber, fresh.mobileNumber),
    countryCode: text(fields.countryCode, fresh.countryCode),
  };
}

/** A version 1 draft as today's step and form draft, or null when it is not one. */
export function fromVersion1(draft: unknown): { step: WizardTab; draft: BookingDraft } | null {
  if (!isObject(draft)) return null;
  const { pageDisplay, location, generalDetails: general, passengerDetails: people } = draft;
  if (
    !isObject(pageDisplay) ||
    !isObject(location) ||
    !isObject(general) ||
    !isObject(people) ||
    !Array.isArray(draft.vehicles)
  ) {
    return null;
  }
  const step = pageDisplay.currentTab;
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || step > 4) return null;
  const fresh = createBookingDraft();
  const stops = fresh.trip.stops.map((empty, index): DraftStop => {
    const stop = Array.isArray(location.stops) ? location.stops[index] : undefined;
    if (!isObject(stop)) return empty;
    return {
      ...empty,
      text: text(stop.location, ''),
      placeId: id(stop.placeId),
      enabled: flag(stop.enabled),
    };
  }) as BookingDraft['trip']['stops'];
  return {
    step: step as WizardTab,
    draft: {
      trip: {
        // Version 1 had no extras: the fresh draft's (none) stand.
        ...fresh.trip,
        pickup: {
          ...fresh.trip.pickup,
          text: text(location.pickupLocation, ''),
          placeId: id(location.fromPlaceId),
        },
        drop: {
          ...fresh.trip.drop,
          text: text(location.dropLocation, ''),
          placeId: id(location.toPlaceId),
        },
        stops,
        date: text(general.bookingDate, fresh.trip.date),
        time: text(general.bookingTime, fresh.trip.time),
        passengers: count(general.passengersCount, fresh.trip.passengers),
        byTheHour: flag(general.byTheHourCheck),
        hours: count(general.numberOfHours, 0),
        notes: text(general.specialInstructions, ''),
      },
      vehicleId: id(draft.selectedVehicleId),
      passenger: contact(people, fresh.passenger),
      onBehalf: flag(people.onBehalfCheck),
      bookingPerson: contact(people.bookingPerson, fresh.bookingPerson),
      quoteToken: id(draft.quoteToken),
      vehicles: draft.vehicles as BookingDraft['vehicles'],
    },
  };
}
