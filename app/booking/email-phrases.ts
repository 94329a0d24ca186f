// The phrases every email to a customer shares (the confirmation, the change and refund emails,
// the balance receipt, payment links, notices): the pickup in Queensland time and the link to
// manage the booking. A module of its own, so the notices and the confirmation email both import
// it without importing each other.
import { pickupDateTime } from '~/utils/booking-format';

/** "Friday 14 March 2031 at 10:00 AM (Queensland time)". */
export function pickupText(date: string, time: string): string {
  return `${pickupDateTime(date, time)} (Queensland time)`;
}

export function manageBookingUrl(siteUrl: string, reference: string): string {
  return `${siteUrl}/manage-booking?bookingNumber=${encodeURIComponent(reference)}`;
}
