// /staff/day?date=YYYY-MM-DD (today in Queensland by default): the day's run sheet, every job by
// pickup time with its chauffeur and car, the trip, what the passengers bring and how to reach
// them. Jobs without a chauffeur stand out. It prints on A4 without the site's navigation (a
// print stylesheet) and downloads as CSV. Another visitor gets the plain 404.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { StaffTable } from '~/components/staff-table';
import { loadRunSheet, runSheetDate, shiftDate } from '~/dispatch/run-sheet.server';
import { requireStaff } from '~/staff/staff-access.server';
import { longDate } from '~/utils/booking-format';
import type { StylesHandle } from '~/utils/route-styles';
import runSheetStyles from '~/styles/run-sheet.css?inline';

export { privatePageHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [runSheetStyles] };

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Run sheet ${loaded.date} | Operations` : 'Run sheet | Operations' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const sheet = await loadRunSheet(runSheetDate(new URL(request.url).searchParams.get('date')));
  return {
    ...sheet,
    title: longDate(sheet.date),
    previous: shiftDate(sheet.date, -1),
    next: shiftDate(sheet.date, 1),
  };
}

const COLUMNS = [
  'Time',
  'Booking',
  'Chauffeur',
  'Car',
  'Pickup',
  'Stops',
  'Drop',
  'Passengers',
  'Luggage',
  'Child seats',
  'Trailer',
  'Notes',
  'Passenger',
];

export default function RunSheet() {
  const sheet = useLoaderData<typeof loader>();
  const count = sheet.lines.length;
  return (
    <div className="run-sheet">
      <h1>Run sheet: {sheet.title}</h1>
      <div className="run-sheet__controls">
        <form method="get">
          <label>
            Day
            <input type="date" name="date" defaultValue={sheet.date} />
          </label>
          <button type="submit" className="button button--ghost">
            Show
          </button>
        </form>
        <Link to={`?date=${sheet.previous}`}>Previous day</Link>
        <Link to={`?date=${sheet.next}`}>Next day</Link>
        <a href={`/staff/day.csv?date=${sheet.date}`} download>
          Download CSV
        </a>
      </div>
      <p>
        {count === 0
          ? 'No jobs on this day.'
          : `${count} ${count === 1 ? 'job' : 'jobs'}${sheet.unassigned > 0 ? `, ${sheet.unassigned} without a chauffeur` : ''}, by pickup time (Queensland).`}
      </p>
      {count > 0 ? (
        <StaffTable caption={`Jobs on ${sheet.title}`} columns={COLUMNS}>
          {sheet.lines.map((line) => (
            <tr
              key={line.bookingId}
              className={line.chauffeur ? undefined : 'run-sheet__unassigned'}
            >
              <td className={sheet.news[line.bookingId] ? 'run-sheet__news' : undefined}>
                {line.timeText}
              </td>
              <td>
                <Link to={`/staff/bookings/${line.reference}`} className="booking-ref">
                  {line.reference}
                </Link>
                {line.status === 'CONFIRMED' ? null : ` (${line.status})`}
                {sheet.news[line.bookingId] ? (
                  <>
                    <br />
                    <strong className="run-sheet__flag">New: {sheet.news[line.bookingId]}</strong>
                  </>
                ) : null}
              </td>
              <td>
                {line.chauffeur ? (
                  <>
                    {line.chauffeur.name}
                    <br />
                    {line.chauffeur.mobile}
                  </>
                ) : (
                  <span className="run-sheet__flag">Unassigned</span>
                )}
              </td>
              <td>
                {line.car ? `${line.car.plate}, ${line.car.makeModel}` : '—'}
                <br />
                Booked: {line.vehicle}
              </td>
              <td>
                {line.pickup}
                {line.flight ? (
                  <>
                    <br />
                    Flight {line.flight}
                  </>
                ) : null}
              </td>
              <td>{line.stops.length > 0 ? line.stops.join('; ') : '—'}</td>
              <td>
                {line.drop}
                {line.hours ? (
                  <>
                    <br />
                    {line.hours}
                  </>
                ) : null}
              </td>
              <td>{line.passengers}</td>
              <td>{line.luggage || '—'}</td>
              <td>{line.childSeats || '—'}</td>
              <td>{line.trailer ? 'Yes' : 'No'}</td>
              <td>{line.notes || '—'}</td>
              <td>
                {line.passenger.name}
                <br />
                <a href={`tel:${line.passenger.mobile.replace(/\s/g, '')}`}>
                  {line.passenger.mobile}
                </a>
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
    </div>
  );
}
