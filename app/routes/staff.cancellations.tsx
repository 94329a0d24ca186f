// /staff/cancellations: the bookings whose customer asked on /manage-booking to cancel, oldest
// request first, 50 a page (the next page a plain link), each opening the booking's staff page;
// unpaid drafts are left out. Open requests by default; a GET filter shows the handled ones (or
// all). "Mark handled", with an optional note, marks the booking and writes one audit entry
// (app/staff/inboxes.server.ts): a customer who asks again afterwards is open again.
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

/** A cursor as the store makes them (base64url); anything else starts from the first page. */
const CURSOR = /^[A-Za-z0-9_-]{1,600}$/;

/** The address of a page of the inbox with this filter, from `after` (the first page without). */
function pageHref(filter: string, after: string | null): string {
  const params = new URLSearchParams({ status: filter });
  if (after) params.set('after', after);
  return `/staff/cancellations?${params.toString()}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const filter = cancellationFilterOf(params.get('status'));
  const after = CURSOR.test(params.get('after') ?? '') ? params.get('after')! : '';
  const { items, total, next } = await cancellationInbox(filter, after);
  return {
    filter,
    total,
    nextPage: next ? pageHref(filter, next) : null,
    firstPage: after ? pageHref(filter, null) : null,
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
  all: 'No customer with a paid booking has asked to cancel.',
} as const;

export default function CancellationRequests() {
  const { filter, requests, total, nextPage, firstPage } = useLoaderData<typeof loader>();
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
                <Link to={`/staff/bookings/${request.reference}`} className="booking-ref">
                  {request.reference}
                </Link>
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
      {nextPage || firstPage ? (
        <>
          <p>
            {total} {total === 1 ? 'request' : 'requests'}; this page shows {requests.length}.
          </p>
          <nav aria-label="Pages of cancellation requests" className="staff-pages">
            {firstPage ? <Link to={firstPage}>First page</Link> : null}
            {nextPage ? <Link to={nextPage}>Next page</Link> : null}
          </nav>
        </>
      ) : null}
    </>
  );
}
