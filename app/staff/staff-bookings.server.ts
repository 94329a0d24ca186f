// The bookings as the operations pages list and show them: by Queensland pickup day, filtered by
// status, date range and partner, searched by reference, name, email or phone; and one booking
// with its audit log. The list reads the most recent STAFF_LIST_LIMIT bookings (by creation) and
// filters them here: enough for a chauffeur business's forward book, without a query and index
// per filter in each store (docs/decisions/031-operations-pages.md).
import {
  formatPhone,
  type Booking,
  type BookingStatus,
} from '@business-chauffeur/booking-contract';
import type { AuditEntry } from '~/store/audit-log-store.server';
import { getAuditLogStore, getBookingStore } from '~/store/store.server';

/** How many of the latest bookings the list looks through. */
export const STAFF_LIST_LIMIT = 2000;

export interface BookingFilters {
  /** A reference, a name, an email or phone digits; empty for all. */
  q: string;
  /** One status, or "" for all but unpaid drafts. */
  status: BookingStatus | 'ALL' | '';
  /** Queensland pickup dates (YYYY-MM-DD), inclusive; from defaults to today. */
  from: string;
  to: string;
  /** A partner as stored, or "" for all, or "site" for the site's own booking page. */
  partner: string;
}

export interface BookingDay {
  date: string;
  bookings: Booking[];
}

const digits = (text: string) => text.replace(/\D/g, '');

/** Whether a booking answers a search text: reference, names, emails or phone numbers. */
export function matchesSearch(booking: Booking, q: string): boolean {
  const wanted = q.trim().toLowerCase();
  if (!wanted) return true;
  if (booking.reference.toLowerCase() === wanted) return true;
  const people = [
    booking.contacts.passenger,
    ...(booking.contacts.booker ? [booking.contacts.booker] : []),
  ];
  const wantedDigits = digits(wanted);
  return people.some((person) => {
    const name = `${person.firstName} ${person.lastName}`.toLowerCase();
    if (name.includes(wanted) || person.email.toLowerCase().includes(wanted)) return true;
    if (wantedDigits.length < 6) return false;
    const phone = digits(formatPhone(person.countryCode, person.mobileNumber));
    const national = `0${phone.slice(2)}`;
    return phone.includes(wantedDigits) || national.includes(wantedDigits);
  });
}

/**
 * The bookings the filters select, by pickup day (soonest first) and time, and the partners the
 * bookings came from (for the filter), from one read of the store.
 */
export async function findBookings(
  filters: BookingFilters,
  today: string,
): Promise<{ days: BookingDay[]; partners: string[] }> {
  const all = await getBookingStore().listBookings({ limit: STAFF_LIST_LIMIT });
  const partners = [
    ...new Set(all.map((booking) => booking.partner).filter((p): p is string => !!p)),
  ].sort();
  const q = filters.q.trim();
  // A search looks at every date; otherwise the list starts today.
  const from = filters.from || (q ? '' : today);
  const selected = all.filter((booking) => {
    if (filters.status === '' && booking.status === 'DRAFT') return false;
    if (filters.status && filters.status !== 'ALL' && booking.status !== filters.status) {
      return false;
    }
    if (from && booking.trip.date < from) return false;
    if (filters.to && booking.trip.date > filters.to) return false;
    if (filters.partner === 'site' && booking.partner !== null) return false;
    if (filters.partner && filters.partner !== 'site' && booking.partner !== filters.partner) {
      return false;
    }
    return matchesSearch(booking, q);
  });
  selected.sort((a, b) =>
    `${a.trip.date}T${a.trip.time}`.localeCompare(`${b.trip.date}T${b.trip.time}`),
  );
  const days: BookingDay[] = [];
  for (const booking of selected) {
    const last = days.at(-1);
    if (last?.date === booking.trip.date) last.bookings.push(booking);
    else days.push({ date: booking.trip.date, bookings: [booking] });
  }
  return { days, partners };
}

/** One booking by its reference, with what staff did to it; null when there is none. */
export async function staffBooking(
  reference: string,
): Promise<{ booking: Booking; audit: AuditEntry[] } | null> {
  if (!/^[0-9A-Za-z]{4,20}$/.test(reference)) return null;
  const booking = await getBookingStore().findBookingByReference(reference.toUpperCase());
  if (!booking) return null;
  return { booking, audit: await getAuditLogStore().listFor(booking.id) };
}

/** The bookings with a cancellation request from /manage-booking, oldest request first. */
export async function cancellationRequests(): Promise<Booking[]> {
  const all = await getBookingStore().listBookings({ limit: STAFF_LIST_LIMIT });
  return all
    .filter((booking) => booking.cancellationRequests.length > 0)
    .sort((a, b) =>
      a.cancellationRequests[0]!.requestedAt.localeCompare(b.cancellationRequests[0]!.requestedAt),
    );
}
