// /completion: where a customer lands after a payment step that needed a redirect
// (3-D Secure, a bank page). Stripe adds payment_intent_client_secret to the return URL the widget
// gives it (/completion?booking=<id>). The page reads the payment's real status from the server
// (the provider, then the booking) and shows "Thank you!" with the booking reference, the paid trip
// in short and who the confirmation email goes to, or what went wrong, in the specification's
// words.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import {
  messages,
  placeText,
  showsProviderMessage,
  type Booking,
} from '@business-chauffeur/booking-contract';
import { widgetMessages, widgetStepMessages } from '@business-chauffeur/booking-contract/widget';
import {
  findBookingForPayer,
  paymentStatusResponse,
  refreshPayment,
} from '~/booking/booking-payments.server';
import type { loader as rootLoader } from '~/root';
import { pickupDateTime } from '~/utils/booking-format';
import { rootMetaData } from '~/utils/content-seo';
import { telHref } from '~/utils/links';
import { log } from '~/utils/log.server';
import { pageMeta } from '~/utils/seo';
import bookingStyles from '~/styles/booking-pages.css?inline';
import type { StylesHandle } from '~/utils/route-styles';
import { formatMoneyWithCode } from '@business-chauffeur/booking-contract';
import { WithReference } from '~/components/booking-ref';
export { privatePageHeaders as headers } from '~/utils/route-headers';

const c = messages.completion;
const p = widgetMessages.payment;

export const handle: StylesHandle = { styles: [bookingStyles] };

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => {
  const root = rootMetaData(matches);
  if (!root) return [];
  const title =
    page?.state === 'succeeded'
      ? c.title
      : page?.state === 'processing'
        ? c.pendingTitle
        : page?.state === 'failed'
          ? c.failedTitle
          : c.notFoundTitle;
  return pageMeta(
    { siteName: root.settings.name ?? '', siteUrl: root.publicEnv.SITE_URL },
    { title, description: title, path: '/completion', noIndex: true },
  );
};

/**
 * The paid trip in short: pickup (and flight), stops, drop, date and time, hours, vehicle and total,
 * as label and value.
 */
type Recap = [string, string][];

type CompletionState =
  | { state: 'not_found' }
  | { state: 'succeeded'; reference: string; recap: Recap; emails: string[] }
  | { state: 'processing'; reference: string }
  | { state: 'failed'; reference: string; message: string };

const summary = widgetStepMessages.summary;

/** The trip as the booking keeps it, in the words of the widget's summary. */
function completionRecap(booking: Booking): Recap {
  const { trip } = booking;
  return [
    [summary.pickup, placeText(trip.pickup)],
    ...(trip.flightNumber
      ? [[summary.flight, summary.flightText(trip.flightNumber)] as [string, string]]
      : []),
    ...trip.stops.map((stop, index): [string, string] => [summary.stop(index), placeText(stop)]),
    [summary.drop, placeText(trip.drop)],
    [
      summary.dateTime,
      `${pickupDateTime(trip.date, trip.time)} (${messages.manageBooking.queenslandTime})`,
    ],
    ...(trip.byTheHour ? [[summary.hours, summary.bookedFor(trip.hours)] as [string, string]] : []),
    [summary.vehicle, booking.vehicle.name],
    [widgetStepMessages.success.total, formatMoneyWithCode(booking.fareCents)],
  ];
}

/** Who the confirmation email goes to: the person booking (if any) and the passenger, once each. */
function confirmationEmails(booking: Booking): string[] {
  const { passenger, booker } = booking.contacts;
  const emails = [booker?.email, passenger.email].filter((email): email is string => !!email);
  return emails.filter(
    (email, index) =>
      emails.findIndex((other) => other.toLowerCase() === email.toLowerCase()) === index,
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const bookingId = url.searchParams.get('booking') ?? '';
  const secret =
    url.searchParams.get('payment_intent_client_secret') ?? url.searchParams.get('clientSecret');
  const booking =
    secret && secret.length <= 300 ? await findBookingForPayer(bookingId, secret) : null;
  if (!booking) return data<CompletionState>({ state: 'not_found' }, { status: 404 });

  const refreshed = await refreshPayment(booking).catch((error: unknown) => {
    log.warn('Payment status could not be refreshed for /completion', {
      bookingId: booking.id,
      error,
    });
    return { booking, intent: null };
  });
  const status = paymentStatusResponse(refreshed.booking, refreshed.intent);
  const reference = status.bookingReferenceId;
  const headers = { 'Cache-Control': 'no-store' };
  switch (status.payment.status) {
    case 'succeeded':
      return data<CompletionState>(
        {
          state: 'succeeded',
          reference,
          recap: completionRecap(refreshed.booking),
          emails: confirmationEmails(refreshed.booking),
        },
        { headers },
      );
    case 'processing':
      return data<CompletionState>({ state: 'processing', reference }, { headers });
    default: {
      // A failure the webhook has not delivered yet is already on the provider's intent.
      const error = status.payment.error ?? refreshed.intent?.lastError ?? null;
      const message =
        error && showsProviderMessage(error.type) && error.message ? error.message : p.unexpected;
      return data<CompletionState>({ state: 'failed', reference, message }, { headers });
    }
  }
}

export default function Completion() {
  const page = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const phone = root?.settings.phone ?? '';
  const manage = (reference?: string) => (
    <Link
      to={reference ? `/manage-booking?bookingNumber=${reference}` : '/manage-booking'}
      className="button button--ghost"
    >
      {c.manageLink}
    </Link>
  );

  if (page.state === 'not_found') {
    return (
      <div className="container booking-page">
        <h1>{c.notFoundTitle}</h1>
        <p>{c.notFound(phone)}</p>
        <div className="completion__actions">
          {manage()}
          {phone ? (
            <a href={telHref(phone)} className="button button--accent">
              Call {phone}
            </a>
          ) : null}
        </div>
      </div>
    );
  }

  if (page.state === 'succeeded') {
    return (
      <div className="container booking-page">
        <h1>{c.title}</h1>
        <section className="booking-card" aria-labelledby="completion-success">
          <h2 id="completion-success">{p.successTitle}</h2>
          <p className="completion__reference">
            <WithReference text={p.successText(page.reference)} reference={page.reference} />
          </p>
          <dl className="booking-details" aria-label={widgetStepMessages.success.recapTitle}>
            {page.recap.map(([label, value]) => (
              <div key={label} className="booking-details__row">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {page.emails.length > 0 ? (
            <p>{widgetStepMessages.success.confirmationEmail(page.emails)}</p>
          ) : null}
          <div className="completion__actions">
            {manage(page.reference)}
            <Link to="/" className="button button--accent">
              {p.goHome}
            </Link>
          </div>
        </section>
      </div>
    );
  }

  if (page.state === 'processing') {
    return (
      <div className="container booking-page">
        <h1>{c.pendingTitle}</h1>
        <p className="booking-notice" role="status">
          {p.processing}
        </p>
        <div className="completion__actions">{manage(page.reference)}</div>
      </div>
    );
  }

  return (
    <div className="container booking-page">
      <h1>{c.failedTitle}</h1>
      <p className="booking-alert" role="alert">
        {page.message}
      </p>
      <p>{c.failedHelp}</p>
      <div className="completion__actions">
        {manage(page.reference)}
        {phone ? (
          <a href={telHref(phone)} className="button button--accent">
            Call {phone}
          </a>
        ) : null}
      </div>
    </div>
  );
}
