// What dispatch reads from the CMS: the time a chauffeur and car stay booked after a job's
// estimated end (Site settings, "Time between jobs"), and the vehicle types in the fleet's order
// with their passengers, by which a car's type is smaller than the type a booking is for
// (docs/decisions/054-dispatch-jobs-and-their-refusals.md).
import { bookedMinutes, brisbaneInstant, type Booking } from '@business-chauffeur/booking-contract';
import { getContentSource } from '~/content/content.server';
import { dispatchSettingsQuery } from '~/content/rules-queries.server';

/** Used when the CMS has no value (a document saved before the field existed). */
export const DEFAULT_BUFFER_MINUTES = 30;
/** Used when the CMS has no value: the passenger is reminded an hour before pickup. */
export const DEFAULT_REMINDER_MINUTES = 60;

export interface DispatchVehicleType {
  id: string;
  title: string;
  archived: boolean;
  /** The most passengers it seats (0 when the CMS leaves it out). */
  passengerMax: number;
  /** Its place in the fleet's order: category, then vehicle. */
  rank: number;
}

export interface DispatchSettings {
  bufferMinutes: number;
  /** How long before pickup the passenger is reminded who is coming (Site settings). */
  reminderMinutes: number;
  vehicleTypes: DispatchVehicleType[];
}

export async function getDispatchSettings(): Promise<DispatchSettings> {
  const settings = await getContentSource().fetch(dispatchSettingsQuery);
  return {
    bufferMinutes: settings.bufferMinutes ?? DEFAULT_BUFFER_MINUTES,
    reminderMinutes: settings.reminderMinutes ?? DEFAULT_REMINDER_MINUTES,
    vehicleTypes: settings.vehicleTypes.map((type, rank) => ({
      id: type._id,
      title: type.title ?? type._id,
      archived: type.isArchived === true,
      passengerMax: type.passengerMax ?? 0,
      rank,
    })),
  };
}

/**
 * Whether a car of type `car` is smaller than the type `booked`: it seats fewer passengers, or as
 * many and comes before it in the fleet's order (an Executive Sedan for a Luxury Sedan booking).
 * The same type, or an unknown booked type (one deleted from the CMS), is never smaller.
 */
export function isSmallerType(
  car: DispatchVehicleType | undefined,
  booked: DispatchVehicleType | undefined,
): boolean {
  if (!booked || car?.id === booked.id) return false;
  if (!car) return true;
  if (car.passengerMax !== booked.passengerMax) return car.passengerMax < booked.passengerMax;
  return car.rank < booked.rank;
}

/** The time a job keeps its chauffeur and car: pickup to estimated end plus the buffer (ISO). */
export function jobWindow(
  booking: Pick<Booking, 'trip' | 'route'>,
  bufferMinutes: number,
): { start: string; end: string } | null {
  const start = brisbaneInstant(booking.trip.date, booking.trip.time);
  if (!start) return null;
  const minutes = bookedMinutes(booking.trip, booking.route) + bufferMinutes;
  return {
    start: start.toISOString(),
    end: new Date(start.getTime() + minutes * 60_000).toISOString(),
  };
}
