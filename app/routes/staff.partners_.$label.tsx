// /staff/partners/<label>: one partner, what it brought month by month (bookings, paid, refunded,
// the GST in what was kept, the fares before GST and the commission owed; app/partners/
// partner-report.server.ts) with a CSV download of the same report, and the code its web
// developer pastes to put the widget on its pages. A plain GET form picks the months, so it works
// without JavaScript. Another visitor gets the plain 404, and so does an unknown label.
import { notFound } from '~/utils/not-found.server';
import { todayInBrisbane } from '@business-chauffeur/booking-contract';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { WIDGET_SRC } from '~/components/booking-widget';
import { StaffTable } from '~/components/staff-table';
import { EMBED_MODES, embedSnippet, type EmbedMode } from '~/partners/embed-snippets';
import { percentText } from '~/partners/partner-origins';
import {
  buildPartnerReport,
  partnerBookings,
  reportMonthsOf,
  type PartnerMonth,
} from '~/partners/partner-report.server';
import { requireStaff } from '~/staff/staff-access.server';
import { getPartnerStore } from '~/store/store.server';
import { getConfig } from '~/utils/env.server';
import { formatMoney } from '@business-chauffeur/booking-contract';

export { privatePageHeaders as headers } from '~/utils/route-headers';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.partner.name ?? 'Partner'} | Operations` },
  { name: 'robots', content: 'noindex' },
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

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const partner = await getPartnerStore().getPartner(params.label ?? '');
  if (!partner) notFound();
  const url = new URL(request.url);
  const months = reportMonthsOf(url.searchParams, todayInBrisbane(new Date()));
  const report = buildPartnerReport(partner, await partnerBookings(partner.id), months);
  const preview = EMBED_MODES.find((entry) => entry.mode === url.searchParams.get('preview'));
  return {
    preview: preview?.mode ?? null,
    partner: {
      id: partner.id,
      name: partner.name,
      origins: partner.origins,
      active: partner.active,
      commission:
        partner.commissionBasisPoints === null
          ? 'no commission'
          : `${percentText(partner.commissionBasisPoints)} of the fare before GST`,
    },
    report,
    query: new URLSearchParams(months).toString(),
    site: getConfig().siteUrl,
  };
}

function Amounts({ row }: { row: Omit<PartnerMonth, 'month'> }) {
  return (
    <>
      <td className="staff-amount">{row.bookings}</td>
      <td className="staff-amount">{formatMoney(row.paidCents)}</td>
      <td className="staff-amount">{formatMoney(row.refundedCents)}</td>
      <td className="staff-amount">{formatMoney(row.gstCents)}</td>
      <td className="staff-amount">{formatMoney(row.commissionBaseCents)}</td>
      <td className="staff-amount">{formatMoney(row.commissionCents)}</td>
    </>
  );
}

/**
 * The widget as the partner's page shows it in `mode`, on this page: loaded as /booking loads it,
 * without the partner's label, so a booking made here is the site's own.
 */
function Preview({ mode }: { mode: EmbedMode }) {
  useEffect(() => {
    if (!customElements.get('chauffeur-booking')) {
      import(/* @vite-ignore */ WIDGET_SRC).catch((error: unknown) => {
        console.error('The booking widget could not be loaded', error);
      });
    }
  }, []);
  return (
    <div className="staff-preview">
      <script type="module" src={WIDGET_SRC} />
      {mode === 'popup' ? (
        <p>
          <a href="/booking" data-chauffeur-booking="">
            Book your airport transfer
          </a>
        </p>
      ) : null}
      <chauffeur-booking key={mode} mode={mode} />
    </div>
  );
}

export default function StaffPartner() {
  const { partner, report, query, site, preview } = useLoaderData<typeof loader>();
  const base = `/staff/partners/${encodeURIComponent(partner.id)}`;
  return (
    <>
      <p>
        <Link to="/staff/partners">All partners</Link>
      </p>
      <h1>{partner.name}</h1>
      <p>
        Label {partner.id}, {partner.active ? 'active' : 'switched off'}, {partner.commission}.{' '}
        <Link to={`/staff/partners?edit=${encodeURIComponent(partner.id)}`}>
          Change {partner.name}
        </Link>
      </p>

      <h2>What it brought</h2>
      <p>
        Paid bookings made on its pages, by the Queensland month of their payment, with what was
        refunded of them. Commission is worked out on each fare before GST and tolls, to the cent,
        at the rate the partner had when the booking was made; a booking refunded in full owes none.
      </p>
      <Form method="get" className="staff-filters" aria-label="Choose the months">
        <label>
          From month
          <input type="month" name="from" defaultValue={report.from} required />
        </label>
        <label>
          To month
          <input type="month" name="to" defaultValue={report.to} required />
        </label>
        <button type="submit" className="button button--accent">
          Show report
        </button>
      </Form>
      <p>
        <a href={`${base}/report.csv?${query}`} download>
          Download CSV
        </a>
      </p>
      <p role="status">
        {report.totals.bookings === 0
          ? `No paid bookings from ${monthName(report.from)} to ${monthName(report.to)}.`
          : `${report.totals.bookings} paid ${report.totals.bookings === 1 ? 'booking' : 'bookings'}, ${formatMoney(report.totals.commissionCents)} commission owed.`}
      </p>
      {report.atCurrentRate > 0 ? (
        <p>
          {report.atCurrentRate === 1
            ? '1 of these bookings was made before bookings kept their commission rate: its commission is at today’s rate'
            : `${report.atCurrentRate} of these bookings were made before bookings kept their commission rate: their commission is at today’s rate`}{' '}
          ({partner.commission}).
        </p>
      ) : null}
      {report.months.length > 0 ? (
        <StaffTable
          caption={`${partner.name} by month, ${monthName(report.from)} to ${monthName(report.to)}`}
          columns={[
            'Month',
            { label: 'Bookings', amount: true },
            { label: 'Paid', amount: true },
            { label: 'Refunded', amount: true },
            { label: 'GST in what was kept', amount: true },
            { label: 'Fares before GST', amount: true },
            { label: 'Commission', amount: true },
          ]}
          footer={
            <tr>
              <th scope="row">Total</th>
              <Amounts row={report.totals} />
            </tr>
          }
        >
          {report.months.map((row) => (
            <tr key={row.month}>
              <th scope="row">{monthName(row.month)}</th>
              <Amounts row={row} />
            </tr>
          ))}
        </StaffTable>
      ) : null}

      <h2 id="embed-code">The code for its pages</h2>
      <p>
        Its web developer pastes one of these where the booking form should be, on any of its
        allowed addresses ({partner.origins.join(', ')}).
      </p>
      {EMBED_MODES.map((entry) => (
        <section key={entry.mode} aria-labelledby={`embed-${entry.mode}`}>
          <h3 id={`embed-${entry.mode}`}>{entry.title}</h3>
          <p>{entry.hint}</p>
          <pre className="staff-code" aria-label={`${entry.title}: the code`}>
            <code>{embedSnippet(entry.mode, partner.id, site)}</code>
          </pre>
          <p>
            <Link to={`?${query}&preview=${entry.mode}#preview`} preventScrollReset>
              Preview {entry.title.toLowerCase()}
            </Link>
          </p>
        </section>
      ))}
      {preview ? (
        <section aria-labelledby="preview" className="staff-preview-section">
          <h2 id="preview">
            Preview: {EMBED_MODES.find((entry) => entry.mode === preview)?.title.toLowerCase()}
          </h2>
          <p>The widget as its pages show it. A booking made here is recorded as the site’s own.</p>
          <Preview mode={preview} />
        </section>
      ) : null}
    </>
  );
}
