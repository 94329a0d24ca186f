// /staff: the bookings by Queensland pickup day, today and after by default, unpaid drafts only
// when asked for; filters by status, date range and partner, and a search by reference, email,
// phone or name; 50 a page, the next page a plain link. Above them, the bookings that need action
// (an alert staff have not handled, such as a payment of another amount), drafts included. A plain GET form, so it works without
// JavaScript and every view (every page too) has its own address.
import {
  formatMoney,
  openAlerts,
  placeText,
  todayInBrisbane,
  type BookingStatus,
} from '@business-chauffeur/booking-contract';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { StaffTable } from '~/components/staff-table';
import { requireStaff } from '~/staff/staff-access.server';
import {
  bookingsNeedingAction,
  findBookings,
  SEARCH_HINT,
  type BookingFilters,
} from '~/staff/staff-bookings.server';
import { longDate } from '~/utils/booking-format';

export { privatePageHeaders as headers } from '~/utils/route-headers';

const STATUSES: { value: BookingFilters['status']; label: string }[] = [
  { value: '', label: 'All but unpaid drafts' },
  { value: 'CONFIRMED', label: 'Confirmed' },
  { value: 'REJECTED', label: 'Refused' },
  { value: 'CANCELLED', label: 'Cancelled' },
  { value: 'COMPLETED', label: 'Completed' },
  { value: 'NO_SHOW', label: 'No-show' },
  { value: 'DRAFT', label: 'Not paid' },
  { value: 'ALL', label: 'All' },
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A cursor as the store makes them (base64url); anything else starts from the first page. */
const CURSOR = /^[A-Za-z0-9_-]{1,600}$/;

/** The address of a page of the list with these filters, from `after` (the first page without). */
function pageHref(filters: BookingFilters, after: string | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (name !== 'after' && value) params.set(name, value);
  }
  if (after) params.set('after', after);
  const query = params.toString();
  return query ? `/staff?${query}` : '/staff';
}

function filtersOf(url: URL): BookingFilters {
  const text = (name: string, max = 100) => (url.searchParams.get(name) ?? '').trim().slice(0, max);
  const status = text('status');
  return {
    q: text('q'),
    status: STATUSES.some((option) => option.value === status)
      ? (status as BookingStatus | 'ALL' | '')
      : '',
    from: DATE.test(text('from')) ? text('from') : '',
    to: DATE.test(text('to')) ? text('to') : '',
    partner: text('partner', 200),
    after: CURSOR.test(text('after', 600)) ? text('after', 600) : '',
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const filters = filtersOf(new URL(request.url));
  const today = todayInBrisbane(new Date());
  const [{ days, partners, total, next, searchable }, needing] = await Promise.all([
    findBookings(filters, today),
    bookingsNeedingAction(),
  ]);
  return {
    needingAction: {
      total: needing.total,
      bookings: needing.bookings.map((booking) => {
        const [first] = openAlerts(booking);
        return {
          reference: booking.reference,
          status: booking.status,
          passenger: `${booking.contacts.passenger.firstName} ${booking.contacts.passenger.lastName}`,
          pickup: `${longDate(booking.trip.date)}, ${booking.trip.time}`,
          detail: first?.detail ?? '',
        };
      }),
    },
    filters,
    today,
    partners,
    total,
    /** Why a search found nothing when its text can match nothing; null otherwise. */
    searchHint: searchable ? null : SEARCH_HINT,
    nextPage: next ? pageHref(filters, next) : null,
    firstPage: filters.after ? pageHref(filters, null) : null,
    days: days.map((day) => ({
      date: day.date,
      bookings: day.bookings.map((booking) => ({
        reference: booking.reference,
        time: booking.trip.time,
        status: booking.status,
        passenger: `${booking.contacts.passenger.firstName} ${booking.contacts.passenger.lastName}`,
        route: `${placeText(booking.trip.pickup)} → ${placeText(booking.trip.drop)}`,
        vehicle: booking.vehicle.name,
        total: formatMoney(booking.fareCents),
        refunded: booking.refundCents ? formatMoney(booking.refundCents) : null,
        partner: booking.partner,
        cancellationRequested: booking.cancellationRequests.length > 0,
        needsAction: openAlerts(booking).length > 0,
      })),
    })),
  };
}

export default function StaffBookings() {
  const { filters, days, partners, today, total, searchHint, nextPage, firstPage, needingAction } =
    useLoaderData<typeof loader>();
  const count = days.reduce((sum, day) => sum + day.bookings.length, 0);
  const paged = nextPage !== null || firstPage !== null;
  return (
    <>
      <h1>Bookings</h1>
      {needingAction.total > 0 ? (
        <section aria-labelledby="needs-action">
          <h2 id="needs-action">Needs action</h2>
          <p>
            {needingAction.total === 1
              ? '1 booking has something staff must deal with'
              : `${needingAction.total} bookings have something staff must deal with`}
            {needingAction.total > needingAction.bookings.length
              ? ` (the ${needingAction.bookings.length} oldest shown)`
              : ''}
            . Open the booking, sort it out, then mark it handled there.
          </p>
          <StaffTable columns={['Booking', 'Passenger', 'Pickup', 'Status', 'What happened']}>
            {needingAction.bookings.map((booking) => (
              <tr key={booking.reference}>
                <td>
                  <Link to={`/staff/bookings/${booking.reference}`} className="booking-ref">
                    {booking.reference}
                  </Link>
                </td>
                <td>{booking.passenger}</td>
                <td>{booking.pickup}</td>
                <td>{booking.status}</td>
                <td>{booking.detail}</td>
              </tr>
            ))}
          </StaffTable>
        </section>
      ) : null}
      <Form method="get" className="staff-filters" role="search" aria-label="Find bookings">
        <label>
          Search
          <input
            type="search"
            name="q"
            defaultValue={filters.q}
            placeholder="Reference, name, email or phone"
          />
        </label>
        <label>
          Status
          <select name="status" defaultValue={filters.status}>
            {STATUSES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Pickup from
          <input type="date" name="from" defaultValue={filters.from} />
        </label>
        <label>
          Pickup to
          <input type="date" name="to" defaultValue={filters.to} />
        </label>
        <label>
          Partner
          <select name="partner" defaultValue={filters.partner}>
            <option value="">All</option>
            <option value="site">Our own website</option>
            {partners.map((partner) => (
              <option key={partner} value={partner}>
                {partner}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--accent">
          Show bookings
        </button>
      </Form>
      <p role="status">
        {searchHint
          ? searchHint
          : total === 0
            ? 'No bookings match.'
            : `${total} ${total === 1 ? 'booking' : 'bookings'}${filters.q || filters.from ? '' : ` from today (${longDate(today)})`}.${paged ? ` This page shows ${count}, by pickup time.` : ''}`}
      </p>
      {days.map((day) => (
        <section key={day.date} aria-labelledby={`day-${day.date}`}>
          <h2 id={`day-${day.date}`}>{longDate(day.date)}</h2>
          <StaffTable
            columns={[
              'Pickup',
              'Booking',
              'Passenger',
              'Trip',
              'Vehicle',
              'Status',
              { label: 'Total', amount: true },
            ]}
          >
            {day.bookings.map((booking) => (
              <tr key={booking.reference}>
                <td>{booking.time}</td>
                <td>
                  <Link to={`/staff/bookings/${booking.reference}`} className="booking-ref">
                    {booking.reference}
                  </Link>
                </td>
                <td>{booking.passenger}</td>
                <td>{booking.route}</td>
                <td>{booking.vehicle}</td>
                <td>
                  {booking.status}
                  {booking.needsAction ? ' · needs action' : ''}
                  {booking.cancellationRequested ? ' · cancellation requested' : ''}
                  {booking.partner ? ` · ${booking.partner}` : ''}
                </td>
                <td className="staff-amount">
                  {booking.total}
                  {booking.refunded ? ` (refunded ${booking.refunded})` : ''}
                </td>
              </tr>
            ))}
          </StaffTable>
        </section>
      ))}
      {paged ? (
        <nav aria-label="Pages of bookings" className="staff-pages">
          {firstPage ? <Link to={firstPage}>First page</Link> : null}
          {nextPage ? <Link to={nextPage}>Next page</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
