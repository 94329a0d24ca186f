// /staff/cancellations: the bookings whose customer asked on /manage-booking to cancel, oldest
// request first, each opening the booking's staff page.
import { placeText } from '@business-chauffeur/booking-contract';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireStaff } from '~/staff/staff-access.server';
import { cancellationRequests } from '~/staff/staff-bookings.server';
import { pickupDateTime, queenslandTimestamp } from '~/utils/booking-format';

export { privatePageHeaders as headers } from '~/utils/route-headers';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const bookings = await cancellationRequests();
  return {
    requests: bookings.map((booking) => ({
      reference: booking.reference,
      requestedAt: queenslandTimestamp(booking.cancellationRequests[0]!.requestedAt),
      times: booking.cancellationRequests.length,
      pickup: pickupDateTime(booking.trip.date, booking.trip.time),
      trip: `${placeText(booking.trip.pickup)} → ${placeText(booking.trip.drop)}`,
      passenger: `${booking.contacts.passenger.firstName} ${booking.contacts.passenger.lastName}`,
      status: booking.status,
    })),
  };
}

export default function CancellationRequests() {
  const { requests } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Cancellation requests</h1>
      {requests.length === 0 ? (
        <p>No customer has asked to cancel.</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Asked</th>
                <th scope="col">Booking</th>
                <th scope="col">Passenger</th>
                <th scope="col">Pickup</th>
                <th scope="col">Trip</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((request) => (
                <tr key={request.reference}>
                  <td>
                    {request.requestedAt}
                    {request.times > 1 ? ` (asked ${request.times} times)` : ''}
                  </td>
                  <td>
                    <Link to={`/staff/bookings/${request.reference}`}>{request.reference}</Link>
                  </td>
                  <td>{request.passenger}</td>
                  <td>{request.pickup}</td>
                  <td>{request.trip}</td>
                  <td>{request.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
