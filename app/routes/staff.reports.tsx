// /staff/reports: what the paid bookings brought in between two Queensland dates (the current
// month by default), by day, by month or by partner, with the totals and a CSV download of the
// same report. A plain GET form, so it works without JavaScript and every report has its own
// address (app/staff/reports.server.ts).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { StaffTable } from '~/components/staff-table';
import {
  loadReport,
  reportQuery,
  type ReportAmounts,
  type ReportGroup,
} from '~/staff/reports.server';
import { requireStaff } from '~/staff/staff-access.server';
import { longDate } from '~/utils/booking-format';
import { formatMoney } from '@business-chauffeur/booking-contract';

export { privatePageHeaders as headers } from '~/utils/route-headers';

const GROUPS: { value: ReportGroup; label: string; column: string }[] = [
  { value: 'day', label: 'Day', column: 'Day' },
  { value: 'month', label: 'Month', column: 'Month' },
  { value: 'partner', label: 'Partner', column: 'Partner' },
];

/** "March 2031" for YYYY-MM. */
function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-AU', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, number - 1, 1)));
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const report = await loadReport(new URL(request.url));
  return { ...report, query: reportQuery(report.filters) };
}

function Amounts({ amounts }: { amounts: ReportAmounts }) {
  return (
    <>
      <td className="staff-amount">{amounts.bookings}</td>
      <td className="staff-amount">{formatMoney(amounts.paidCents)}</td>
      <td className="staff-amount">{formatMoney(amounts.refundedCents)}</td>
      <td className="staff-amount">{formatMoney(amounts.revenueCents)}</td>
    </>
  );
}

export default function StaffReports() {
  const { filters, rows, totals, query } = useLoaderData<typeof loader>();
  const group = GROUPS.find((option) => option.value === filters.group)!;
  const label = (key: string) =>
    filters.group === 'day' ? longDate(key) : filters.group === 'month' ? monthName(key) : key;
  const dates =
    filters.from === filters.to
      ? longDate(filters.from)
      : `${longDate(filters.from)} to ${longDate(filters.to)}`;
  return (
    <>
      <h1>Reports</h1>
      <p>
        Paid bookings by the Queensland date of their payment, with what was refunded of them.
        Revenue is what was paid less what was refunded.
      </p>
      <Form method="get" className="staff-filters" aria-label="Choose the report">
        <label>
          From
          <input type="date" name="from" defaultValue={filters.from} required />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={filters.to} required />
        </label>
        <label>
          Group by
          <select name="group" defaultValue={filters.group}>
            {GROUPS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--accent">
          Show report
        </button>
      </Form>
      <p>
        <a href={`/staff/reports.csv?${query}`} download>
          Download CSV
        </a>
      </p>
      <p role="status">
        {totals.bookings === 0
          ? `No paid bookings ${filters.from === filters.to ? 'on' : 'from'} ${dates}.`
          : `${totals.bookings} paid ${totals.bookings === 1 ? 'booking' : 'bookings'}, ${formatMoney(totals.revenueCents)} revenue.`}
      </p>
      {rows.length > 0 ? (
        <StaffTable
          caption={`Paid bookings by ${group.label.toLowerCase()}, ${dates}`}
          columns={[
            group.column,
            { label: 'Bookings', amount: true },
            { label: 'Paid', amount: true },
            { label: 'Refunded', amount: true },
            { label: 'Revenue', amount: true },
          ]}
          footer={
            <tr>
              <th scope="row">Total</th>
              <Amounts amounts={totals} />
            </tr>
          }
        >
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{label(row.key)}</th>
              <Amounts amounts={row} />
            </tr>
          ))}
        </StaffTable>
      ) : null}
    </>
  );
}
