// How many months ahead a pickup may be booked: staff set it in Site settings; the quote, the
// booking and the widget's date picker all read it from here. When the CMS cannot be read, or holds
// no usable number, the default applies, so an outage never reopens far-future bookings.
import {
  DEFAULT_BOOKING_HORIZON_MONTHS,
  MAX_BOOKING_HORIZON_MONTHS,
} from '@business-chauffeur/booking-contract';
import { getSiteSettings } from '~/content/site-settings.server';
import { log } from '~/utils/log.server';

/** A whole number of months from 1 to the maximum; anything else is the default. */
export function usableHorizon(value: unknown): number {
  return typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= 1 &&
    value <= MAX_BOOKING_HORIZON_MONTHS
    ? value
    : DEFAULT_BOOKING_HORIZON_MONTHS;
}

export async function getBookingHorizonMonths(): Promise<number> {
  try {
    return usableHorizon((await getSiteSettings()).bookingHorizonMonths);
  } catch (error) {
    log.warn('Booking horizon not readable from the CMS: the default applies', { error });
    return DEFAULT_BOOKING_HORIZON_MONTHS;
  }
}
