// "My bookings": a signed-in customer's bookings (docs/decisions/029-my-bookings.md). A booking is
// the customer's when it was made while signed in to the account, or when its passenger or person
// booking has the account's email AND the account has proven it owns that email; a local account
// never has (anyone can sign up with any address), so it sees only what it booked signed in.
import type { Booking, BookingView } from '@business-chauffeur/booking-contract';
import { redirect } from '@remix-run/node';
import { bookingHasEmail, toBookingView } from '~/booking/booking-record.server';
import { getBookingStore } from '~/store/store.server';
import { signInPathFor } from '~/utils/return-path';
import { PRIVATE_PAGE_CACHE } from '~/utils/route-headers';
import { getSessionUser, type SessionUser } from '~/accounts/session.server';

/**
 * The signed-in customer; a visitor is sent to sign in, and back to this page afterwards (the
 * answer is never stored).
 */
export async function requireCustomer(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    const { pathname, search } = new URL(request.url);
    throw redirect(signInPathFor(`${pathname}${search}`), {
      headers: { 'Cache-Control': PRIVATE_PAGE_CACHE },
    });
  }
  return user;
}

const verifiedEmailOf = (user: SessionUser) => (user.emailVerified ? user.email : null);

/** Whether a booking is this customer's, by the rule above. */
export function isCustomersBooking(booking: Booking, user: SessionUser): boolean {
  if (booking.userId !== null && booking.userId === user.id) return true;
  const email = verifiedEmailOf(user);
  return email !== null && bookingHasEmail(booking, email);
}

export interface CustomerBookings {
  /** Pickup still ahead, soonest first. */
  upcoming: BookingView[];
  /** Pickup passed, most recent first. */
  past: BookingView[];
}

/** When the pickup is, as a comparable Queensland wall-clock text ("2026-12-01T09:15"). */
const pickupKey = (view: BookingView) => `${view.trip.date}T${view.trip.time}`;

/** The customer's bookings, split by the pickup against `now` (Queensland wall clock). */
export async function listCustomerBookings(
  user: SessionUser,
  nowInQueensland: string,
): Promise<CustomerBookings> {
  const bookings = await getBookingStore().listCustomerBookings({
    userId: user.id,
    verifiedEmail: verifiedEmailOf(user),
  });
  const views = bookings.filter((booking) => isCustomersBooking(booking, user)).map(toBookingView);
  const upcoming = views
    .filter((view) => pickupKey(view) >= nowInQueensland)
    .sort((a, b) => pickupKey(a).localeCompare(pickupKey(b)));
  const past = views
    .filter((view) => pickupKey(view) < nowInQueensland)
    .sort((a, b) => pickupKey(b).localeCompare(pickupKey(a)));
  return { upcoming, past };
}

/** One of the customer's bookings by its reference; null when there is none or it is another's. */
export async function findCustomerBooking(
  user: SessionUser,
  reference: string,
): Promise<BookingView | null> {
  if (!/^[0-9A-Za-z]{4,20}$/.test(reference)) return null;
  const booking = await getBookingStore().findBookingByReference(reference.toUpperCase());
  return booking && isCustomersBooking(booking, user) ? toBookingView(booking) : null;
}
