// /account/bookings/:reference: one of the signed-in customer's bookings, with the details
// /manage-booking shows. Another customer's booking, or one that does not exist, is a plain 404
// (no hint that it exists); visitors are sent to sign in.
import { messages } from '@business-chauffeur/booking-contract';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { findCustomerBooking, requireCustomer } from '~/accounts/customer-bookings.server';
import { BookingDetails } from '~/components/booking-details';
import type { StylesHandle } from '~/utils/route-styles';
import bookingStyles from '~/styles/booking-pages.css?inline';
import { WithReference } from '~/components/booking-ref';
import { notFound } from '~/utils/not-found.server';

export { privatePageHeaders as headers } from '~/utils/route-headers';

const m = messages.manageBooking;

export const handle: StylesHandle = { styles: [bookingStyles] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? m.detailsHeading(data.booking.bookingReferenceId) : 'Booking' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCustomer(request);
  const booking = await findCustomerBooking(user, params.reference ?? '');
  if (!booking) notFound();
  return { booking };
}

export default function MyBooking() {
  const { booking } = useLoaderData<typeof loader>();
  return (
    <div className="container booking-page">
      <p>
        <Link to="/account/bookings">← My bookings</Link>
      </p>
      <h1>
        <WithReference
          text={m.detailsHeading(booking.bookingReferenceId)}
          reference={booking.bookingReferenceId}
        />
      </h1>
      <section className="booking-result">
        <BookingDetails booking={booking} />
      </section>
      <p>
        To change or cancel this booking, use{' '}
        <Link to={`/manage-booking?bookingNumber=${booking.bookingReferenceId}`}>
          Manage Booking
        </Link>{' '}
        or call us.
      </p>
    </div>
  );
}
