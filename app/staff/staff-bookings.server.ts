// The bookings as the operations pages list and show them: one page at a time by Queensland
// pickup day, filtered by status, date range and partner, searched by reference, email, phone or
// name; and one booking with its audit log. Every page is a store query over indexes
// (BookingStore.listStaffBookings), so no number of other bookings, drafts above all, can push a
// booking out of the list (docs/decisions/043-staff-views-query-the-store.md).
import type { Booking, BookingStatus } from '@business-chauffeur/booking-contract';
import type { AuditEntry } from '~/store/audit-log-store.server';
import { searchKeysOf } from '~/store/booking-search.server';
import type { StaffStatusFilter } from '~/store/booking-store.server';
import { getAuditLogStore, getBookingStore } from '~/store/store.server';

export interface BookingFilters {
  /** A reference, an email or its part before the @, a phone number or a name; empty for all. */
  q: string;
  /** One status, or "" for all but unpaid drafts, or "ALL". */
  status: BookingStatus | 'ALL' | '';
  /** Queensland pickup dates (YYYY-MM-DD), inclusive; from defaults to today. */
  from: string;
  to: string;
  /** A partner as stored, or "" for all, or "site" for the site's own booking page. */
  partner: string;
  /** Where the page starts: the previous page's cursor; empty for the first page. */
  after: string;
}

export interface BookingDay {
  date: string;
  bookings: Booking[];
}

export interface BookingsPage {
  days: BookingDay[];
  /** How many bookings the filters select, on every page. */
  total: number;
  /** The cursor of the next page; null on the last one. */
  next: string | null;
  /** The partners of bookings other than drafts (for the filter). */
  partners: string[];
  /** False when the search text can match nothing (a single letter, punctuation). */
  searchable: boolean;
}

/** What a staff search can be, for the message when it can be nothing. */
export const SEARCH_HINT =
  'Search by a booking reference, an email address or the part before the @, a whole phone ' +
  'number, or at least two letters of a name.';

function statusFilter(status: BookingFilters['status']): StaffStatusFilter {
  if (status === '') return 'not-draft';
  return status === 'ALL' ? 'any' : status;
}

function partnerFilter(partner: string): string | null | undefined {
  if (partner === '') return undefined;
  return partner === 'site' ? null : partner;
}

/** Bookings in pickup order, grouped by their Queensland pickup day. */
function byDay(bookings: readonly Booking[]): BookingDay[] {
  const days: BookingDay[] = [];
  for (const booking of bookings) {
    const last = days.at(-1);
    if (last?.date === booking.trip.date) last.bookings.push(booking);
    else days.push({ date: booking.trip.date, bookings: [booking] });
  }
  return days;
}

/** One page of the bookings the filters select, by pickup day (soonest first) and time. */
export async function findBookings(filters: BookingFilters, today: string): Promise<BookingsPage> {
  const store = getBookingStore();
  const q = filters.q.trim();
  // A search looks at every date; otherwise the list starts today.
  const from = filters.from || (q ? '' : today);
  const partner = partnerFilter(filters.partner);
  const [page, partners] = await Promise.all([
    store.listStaffBookings({
      status: statusFilter(filters.status),
      ...(from ? { pickupFrom: from } : {}),
      ...(filters.to ? { pickupTo: filters.to } : {}),
      ...(partner === undefined ? {} : { partner }),
      ...(q ? { search: q } : {}),
      ...(filters.after ? { cursor: filters.after } : {}),
    }),
    store.listPartners(),
  ]);
  return {
    days: byDay(page.bookings),
    total: page.total,
    next: page.cursor,
    partners,
    searchable: !q || searchKeysOf(q).length > 0,
  };
}

/** How many bookings the "Needs action" list shows above the bookings (the oldest alerts). */
export const NEEDING_ACTION_SHOWN = 50;

/**
 * The bookings with an alert staff have not handled (a payment of another amount, say), oldest
 * alert first, drafts included, whatever their pickup date, and how many there are.
 */
export async function bookingsNeedingAction(): Promise<{ bookings: Booking[]; total: number }> {
  const page = await getBookingStore().listNeedingAction({ limit: NEEDING_ACTION_SHOWN });
  return { bookings: page.bookings, total: page.total };
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
