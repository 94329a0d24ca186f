// /account/bookings, "My bookings": the signed-in customer's bookings, upcoming first (soonest
// first), then past ones (most recent first), each opening its details as /manage-booking shows
// them. Visitors are sent to sign in. Which bookings are the customer's: app/account.
import {
  formatMoneyWithCode,
  messages,
  placeText,
  timeInBrisbane,
  todayInBrisbane,
  type BookingView,
} from '@business-chauffeur/booking-contract';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { listCustomerBookings, requireCustomer } from '~/accounts/customer-bookings.server';
import { pickupDateTime } from '~/utils/booking-format';
import type { StylesHandle } from '~/utils/route-styles';
import bookingStyles from '~/styles/booking-pages.css?inline';

export { privatePageHeaders as headers } from '~/utils/route-headers';

const m = messages.manageBooking;

export const handle: StylesHandle = { styles: [bookingStyles] };

export const meta: MetaFunction = () => [
  { title: 'My bookings' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCustomer(request);
  const now = new Date();
  const bookings = await listCustomerBookings(
    user,
    `${todayInBrisbane(now)}T${timeInBrisbane(now)}`,
  );
  return bookings;
}

function BookingList({ title, bookings }: { title: string; bookings: BookingView[] }) {
  if (bookings.length === 0) return null;
  const id = `bookings-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="account-bookings__group">
      <h2 id={id}>{title}</h2>
      <ul className="account-bookings__list">
        {bookings.map((booking) => (
          <li key={booking.bookingReferenceId} className="account-bookings__item">
            <h3>
              <Link to={`/account/bookings/${booking.bookingReferenceId}`}>
                {pickupDateTime(booking.trip.date, booking.trip.time)}
              </Link>
            </h3>
            <p>
              {placeText(booking.trip.pickup)} → {placeText(booking.trip.drop)}
            </p>
            <p className="account-bookings__meta">
              {booking.vehicle.title} · {m.statusText[booking.status]} ·{' '}
              {formatMoneyWithCode(booking.totalCents, booking.currency)} · Booking{' '}
              <span className="booking-ref">{booking.bookingReferenceId}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function MyBookings() {
  const { upcoming, past } = useLoaderData<typeof loader>();
  return (
    <div className="container booking-page account-bookings">
      <h1>My bookings</h1>
      {upcoming.length + past.length === 0 ? (
        <p>
          You have no bookings with this account yet. Bookings you make while signed in appear here.{' '}
          <Link to="/booking">Book a ride</Link>
        </p>
      ) : (
        <>
          <BookingList title="Upcoming" bookings={upcoming} />
          <BookingList title="Past" bookings={past} />
        </>
      )}
      <p className="account-bookings__note">
        A booking made as a guest? Find it with its booking number on{' '}
        <Link to="/manage-booking">Manage Booking</Link>.
      </p>
    </div>
  );
}
