// A booking's details as its owner sees them after a lookup (docs/product.md, "Lookup"): status,
// trip with its stops in Queensland time, vehicle, passengers; the fare paid line by line, its
// total and the GST it includes, as the tax invoice email has them; once staff changed the fare,
// the fare as it is now and what is owed or due back
// (docs/decisions/041-fare-adjustments-after-payment.md); and the refund when above 0. Every list
// of lines adds up to the total shown under it.
import {
  formatDistance,
  formatMoneyWithCode,
  formatDuration,
  messages,
  placeText,
  type BookingView,
} from '@business-chauffeur/booking-contract';
import { pickupDateTime, queenslandTimestamp } from '~/utils/booking-format';
import { fareSummary } from '~/utils/fare-summary';

const m = messages.manageBooking;

export function BookingDetails({ booking }: { booking: BookingView }) {
  const { trip } = booking;
  const rows: { label: string; value: string; key: string }[] = [
    { key: 'pickup', label: m.pickup, value: placeText(trip.pickup) },
    ...(trip.flightNumber
      ? [{ key: 'flight', label: m.flight, value: m.flightText(trip.flightNumber) }]
      : []),
    ...trip.stops.map((stop, index) => ({
      key: `stop-${index}`,
      label: m.stop(index),
      value: placeText(stop),
    })),
    { key: 'drop', label: m.drop, value: placeText(trip.drop) },
    {
      key: 'when',
      label: m.dateTime,
      value: `${pickupDateTime(trip.date, trip.time)} (${m.queenslandTime})${
        trip.byTheHour ? `. ${m.bookedFor(trip.hours)}` : ''
      }`,
    },
    { key: 'vehicle', label: m.vehicle, value: booking.vehicle.title },
    { key: 'passengers', label: m.passengers, value: String(trip.passengers) },
    {
      key: 'passenger',
      label: m.passengerName,
      value: `${booking.passenger.firstName} ${booking.passenger.lastName}`,
    },
    { key: 'distance', label: m.distance, value: formatDistance(booking.distanceMeters) },
    { key: 'duration', label: m.travelTime, value: formatDuration(booking.durationSeconds) },
    ...(trip.notes ? [{ key: 'notes', label: m.notes, value: trip.notes }] : []),
  ];
  const refund =
    booking.refundedCents && booking.refundedCents > 0
      ? [
          {
            key: 'refund',
            label: m.refundAmount,
            value: formatMoneyWithCode(booking.refundedCents, booking.currency),
          },
        ]
      : [];
  return (
    <>
      {/* One human label; the code (CONFIRMED, …) stays in the API's JSON and the badge's class. */}
      <p className="booking-status">
        <span>{`${m.status}: `}</span>
        <strong className={`status-badge status-badge--${booking.status.toLowerCase()}`}>
          {m.statusText[booking.status]}
        </strong>
      </p>
      <DetailRows rows={rows} />
      <FareLines caption={m.fareDetails} lines={booking.lines} totalCents={booking.totalCents} />
      {booking.fareNow ? <FareNow fareNow={booking.fareNow} /> : null}
      {refund.length > 0 ? <DetailRows rows={refund} /> : null}
      {booking.cancellationRequestedAt ? (
        <p className="booking-details__note">
          {m.cancellationRequestedAt(queenslandTimestamp(booking.cancellationRequestedAt))}
        </p>
      ) : null}
    </>
  );
}

function DetailRows({ rows }: { rows: { label: string; value: string; key: string }[] }) {
  return (
    <dl className="booking-details">
      {rows.map((row) => (
        <div key={row.key} className="booking-details__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A fare: each line with its detail, the total (the lines' sum) and the GST the total includes. */
function FareLines({
  caption,
  lines,
  totalCents,
}: {
  caption: string;
  lines: BookingView['lines'];
  totalCents: number;
}) {
  const fare = fareSummary(lines, totalCents);
  return (
    <table className="fare-lines">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{m.fareItem}</th>
          <th scope="col">{m.amount}</th>
        </tr>
      </thead>
      <tbody>
        {fare.rows.map((row, index) => (
          <tr key={`${index}-${row.label}`}>
            <th scope="row">
              {row.label}
              {row.detail ? <span className="fare-lines__detail">{row.detail}</span> : null}
            </th>
            <td>{row.amount}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{m.fareTotal}</th>
          <td>{fare.total}</td>
        </tr>
        <tr>
          <th scope="row">{m.gstIncluded}</th>
          <td>{fare.gstIncluded}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** The fare after staff changes, and what is owed or due back (nothing when it is settled). */
function FareNow({ fareNow }: { fareNow: NonNullable<BookingView['fareNow']> }) {
  const balance = fareNow.balanceCents;
  const amount = formatMoneyWithCode(Math.abs(balance));
  return (
    <>
      <p className="booking-details__note">{m.fareNowIntro}</p>
      <FareLines caption={m.fareNowDetails} lines={fareNow.lines} totalCents={fareNow.totalCents} />
      {balance === 0 ? null : (
        <>
          <DetailRows
            rows={[
              {
                key: 'balance',
                label: balance > 0 ? m.balanceOwed : m.balanceDueBack,
                value: amount,
              },
            ]}
          />
          <p className="booking-details__note">
            {balance > 0 ? m.balanceOwedText(amount) : m.balanceDueBackText(amount)}
          </p>
        </>
      )}
    </>
  );
}
