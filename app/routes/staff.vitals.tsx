// /staff/vitals: how fast the site is for real visitors. Per page (its route pattern) and metric,
// the samples received and their 75th percentile over the last 7 or 28 Queensland days, against
// Google's "good" thresholds (docs/decisions/032-real-user-vitals.md). `npm run vitals` prints
// the same table. Another visitor gets the plain 404.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { StaffTable } from '~/components/staff-table';
import { requireStaff } from '~/staff/staff-access.server';
import { longDate } from '~/utils/booking-format';
import type { VitalName } from '~/utils/vitals';
import { vitalsReport } from '~/vitals/vitals.server';

export { privatePageHeaders as headers } from '~/utils/route-headers';

export const meta: MetaFunction = () => [
  { title: 'Page speed | Operations' },
  { name: 'robots', content: 'noindex' },
];

const PERIODS = [7, 28] as const;

const METRIC_LABELS: Record<VitalName, string> = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  CLS: 'Cumulative Layout Shift',
  FCP: 'First Contentful Paint',
  TTFB: 'Time to First Byte',
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const days = new URL(request.url).searchParams.get('days') === '28' ? 28 : 7;
  return vitalsReport({ days });
}

export default function StaffVitals() {
  const { days, from, to, rows } = useLoaderData<typeof loader>();
  const dates = `${longDate(from)} to ${longDate(to)}`;
  return (
    <>
      <h1>Page speed</h1>
      <p>
        What real visitors measured on each page, as the 75th percentile: three in four visits were
        at least this fast. A page meets Google&rsquo;s &ldquo;good&rdquo; mark when its 75th
        percentile is at or under the threshold. Times are in milliseconds; layout shift has no
        unit.
      </p>
      <nav aria-label="Period" className="staff-nav">
        <ul>
          {PERIODS.map((period) => (
            <li key={period}>
              <Link
                to={`/staff/vitals?days=${period}`}
                aria-current={period === days ? 'page' : undefined}
              >
                Last {period} days
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p role="status">
        {rows.length === 0
          ? `No measurements from ${dates}.`
          : `${rows.reduce((total, row) => total + row.samples, 0)} measurements from ${dates}.`}
      </p>
      {rows.length > 0 ? (
        <StaffTable
          caption={`75th percentile per page and metric, last ${days} days`}
          columns={[
            'Page (route)',
            'Metric',
            { label: 'Samples', amount: true },
            { label: '75th percentile', amount: true },
            { label: 'Good at or under', amount: true },
            'Verdict',
          ]}
        >
          {rows.map((row) => (
            <tr key={`${row.route} ${row.metric}`}>
              <th scope="row">
                <code>{row.route}</code>
              </th>
              <td>
                <abbr title={METRIC_LABELS[row.metric]}>{row.metric}</abbr>
              </td>
              <td className="staff-amount">{row.samples}</td>
              <td className="staff-amount">{row.shown}</td>
              <td className="staff-amount">{row.threshold}</td>
              <td>{row.good ? 'Good' : 'Needs work'}</td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
    </>
  );
}
