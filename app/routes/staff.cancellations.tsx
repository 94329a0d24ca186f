// /staff/cancellations: the bookings whose customer asked on /manage-booking to cancel, oldest
// request first, each opening the booking's staff page. Open requests by default; a GET filter
// shows the handled ones (or all). "Mark handled", with an optional note, is one audit entry on the
// booking (app/staff/inboxes.server.ts): a customer who asks again afterwards is open again.
import { placeText } from '@business-chauffeur/booking-contract';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { InboxAnswer, InboxFilter, MarkHandledForm } from '~/components/staff-inbox';
import { StaffTable } from '~/components/staff-table';
import {
  CANCELLATION_FILTERS,
  CANCELLATION_FILTER_LABELS,
  cancellationFilterOf,
} from '~/staff/inbox-forms';
import { cancellationHandledAction, cancellationInbox } from '~/staff/inboxes.server';
import { requireStaff } from '~/staff/staff-access.server';
import { pickupDateTime, queenslandTimestamp } from '~/utils/booking-format';
import type { StylesHandle } from '~/utils/route-styles';
import formsStyles from '~/styles/forms.css?inline';

export { privatePageHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [formsStyles] };

export const meta: MetaFunction = () => [
  { title: 'Cancellation requests | Operations' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const filter = cancellationFilterOf(new URL(request.url).searchParams.get('status'));
  const items = await cancellationInbox(filter);
  return {
    filter,
    requests: items.map(({ booking, latestRequestAt, handled }) => ({
      reference: booking.reference,
      requestedAt: queenslandTimestamp(booking.cancellationRequests[0]!.requestedAt),
      latestRequestAt:
        booking.cancellationRequests.length > 1 ? queenslandTimestamp(latestRequestAt) : null,
      times: booking.cancellationRequests.length,
      pickup: pickupDateTime(booking.trip.date, booking.trip.time),
      trip: `${placeText(booking.trip.pickup)} → ${placeText(booking.trip.drop)}`,
      passenger: `${booking.contacts.passenger.firstName} ${booking.contacts.passenger.lastName}`,
      status: booking.status,
      handled: handled
        ? { when: queenslandTimestamp(handled.at), by: handled.by, note: handled.note }
        : null,
    })),
  };
}

export function action({ request, context }: ActionFunctionArgs) {
  return cancellationHandledAction({ request, context });
}

const FILTER_OPTIONS = CANCELLATION_FILTERS.map((value) => ({
  value,
  label: CANCELLATION_FILTER_LABELS[value],
}));

const EMPTY = {
  open: 'No open cancellation requests.',
  handled: 'No handled cancellation requests.',
  all: 'No customer has asked to cancel.',
} as const;

export default function CancellationRequests() {
  const { filter, requests } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Cancellation requests</h1>
      <InboxFilter label="Filter cancellation requests" value={filter} options={FILTER_OPTIONS} />
      <InboxAnswer recordKey="reference" />
      {requests.length === 0 ? (
        <p>{EMPTY[filter]}</p>
      ) : (
        <StaffTable
          columns={['Asked', 'Booking', 'Passenger', 'Pickup', 'Trip', 'Status', 'Handled']}
        >
          {requests.map((request) => (
            <tr key={request.reference}>
              <td>
                {request.requestedAt}
                {request.times > 1
                  ? ` (asked ${request.times} times, last ${request.latestRequestAt})`
                  : ''}
              </td>
              <td>
                <Link to={`/staff/bookings/${request.reference}`}>{request.reference}</Link>
              </td>
              <td>{request.passenger}</td>
              <td>{request.pickup}</td>
              <td>{request.trip}</td>
              <td>{request.status}</td>
              <td>
                {request.handled ? (
                  <>
                    {request.handled.when} by {request.handled.by}
                    {request.handled.note ? `: ${request.handled.note}` : ''}
                  </>
                ) : (
                  <MarkHandledForm reference={request.reference} />
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </>
  );
}
