// /pay/:token: a payment link staff sent the customer (app/booking/payment-links.server.ts). It
// shows the trip and the amount and takes the card through the payment port: on the sandbox, a
// plain form posted to this page (it works without JavaScript); with Stripe, Stripe's Payment
// Element for the link's intent (app/components/stripe-link-payment.tsx), whose outcome the
// webhook or this page's loader reads from Stripe, as for the widget; the outcome confirms the booking,
// or settles the balance of a change, exactly as the widget's payment does. Used, expired,
// replaced and unknown links each say so and what to do next; an unknown one says nothing more.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import {
  placeText,
  sandboxCardSchema,
  type Booking,
  type PaymentLink,
} from '@business-chauffeur/booking-contract';
import { messages } from '@business-chauffeur/booking-contract/site';
import {
  findPaymentLink,
  linkPaymentIntent,
  payLinkWithCard,
  paymentLinkPath,
  refreshLink,
  type FoundLink,
} from '~/booking/payment-links.server';
import { confirmsCardsOnServer } from '~/booking/sandbox-confirm.server';
import { BookingApiError } from '~/booking/booking-api-error.server';
import { StripeLinkPayment } from '~/components/stripe-link-payment';
import { TermsAgreementLabel } from '~/components/terms-agreement';
import { getConfig } from '~/utils/env.server';
import { receiveForm } from '~/forms/form-action.server';
import type { loader as rootLoader } from '~/root';
import { pickupDateTime, queenslandTimestamp } from '~/utils/booking-format';
import { rootMetaData } from '~/utils/content-seo';
import { formatMoneyWithCode } from '@business-chauffeur/booking-contract';
import { telHref } from '~/utils/links';
import { log } from '~/utils/log.server';
import { pageMeta } from '~/utils/seo';
import bookingStyles from '~/styles/booking-pages.css?inline';
import formsStyles from '~/styles/forms.css?inline';
import type { StylesHandle } from '~/utils/route-styles';
export { privatePageHeaders as headers } from '~/utils/route-headers';

const m = messages.paymentLink;

export const handle: StylesHandle = { styles: [bookingStyles, formsStyles] };

type PayStripe = { publishableKey: string; clientSecret: string; bookingId: string };

type PayPage =
  | { state: 'unknown' | 'expired' | 'replaced' | 'closed' }
  | { state: 'paid'; reference: string; purpose: 'booking' | 'balance' }
  | {
      state: 'open';
      reference: string;
      purpose: 'booking' | 'balance';
      amount: string;
      until: string;
      recap: [string, string][];
      /** The sandbox takes the card on this page; Stripe with its Payment Element, below. */
      cardOnServer: boolean;
      /** Stripe mode: the link's intent for the Payment Element (null when it could not be made). */
      stripe: PayStripe | null;
    };

const titles: Record<PayPage['state'], string> = {
  unknown: m.notFoundTitle,
  expired: m.expiredTitle,
  replaced: m.replacedTitle,
  closed: m.closedTitle,
  paid: m.paidTitle,
  open: m.title,
};

export const meta: MetaFunction<typeof loader> = ({ data: page, matches, params }) => {
  const root = rootMetaData(matches);
  if (!root) return [];
  const title = titles[page?.state ?? 'unknown'];
  return pageMeta(
    { siteName: root.settings.name ?? '', siteUrl: root.publicEnv.SITE_URL },
    { title, description: title, path: `/pay/${params.token ?? ''}`, noIndex: true },
  );
};

const STATUS: Record<PayPage['state'], number> = {
  unknown: 404,
  expired: 410,
  replaced: 410,
  closed: 409,
  paid: 200,
  open: 200,
};

async function pageOf(found: FoundLink): Promise<PayPage> {
  if (found.state === 'unknown') return { state: 'unknown' };
  const { booking, link } = found;
  if (found.state === 'paid') {
    return { state: 'paid', reference: booking.reference, purpose: link.purpose };
  }
  if (found.state !== 'open') return { state: found.state };
  const { trip } = booking;
  return {
    state: 'open',
    reference: booking.reference,
    purpose: link.purpose,
    amount: formatMoneyWithCode(link.amountCents),
    until: `${queenslandTimestamp(link.expiresAt)} (Queensland time)`,
    recap: [
      ['Pickup', placeText(trip.pickup)],
      ['Drop-off', placeText(trip.drop)],
      ['Date and time', `${pickupDateTime(trip.date, trip.time)} (Queensland time)`],
      ['Vehicle', booking.vehicle.name],
      ['Passengers', String(trip.passengers)],
    ],
    cardOnServer: confirmsCardsOnServer(),
    stripe: await stripeForm(booking, link),
  };
}

/**
 * In Stripe mode, the intent the link pays (made once: the booking's, or the link's own with its
 * idempotency key), for the Payment Element: its client secret and the publishable key, never the
 * secret key. Null on the sandbox, or when Stripe cannot be reached (the page then offers the phone).
 */
async function stripeForm(booking: Booking, link: PaymentLink): Promise<PayStripe | null> {
  const { payments } = getConfig();
  if (payments.adapter !== 'stripe') return null;
  try {
    const { intent } = await linkPaymentIntent(booking, link);
    return {
      publishableKey: payments.publishableKey,
      clientSecret: intent.clientSecret,
      bookingId: booking.id,
    };
  } catch (error) {
    log.warn('The payment of a link could not be made for its card form', {
      bookingId: booking.id,
      error,
    });
    return null;
  }
}

/** The link as it is now, after applying what the provider says of its payment. */
async function currentLink(token: string): Promise<FoundLink> {
  const found = await findPaymentLink(token);
  if (found.state !== 'open') return found;
  try {
    await refreshLink(found.booking, found.link);
  } catch (error) {
    log.warn('A payment link could not be refreshed from the provider', {
      bookingId: found.booking.id,
      error,
    });
    return found;
  }
  return findPaymentLink(token);
}

export async function loader({ params }: LoaderFunctionArgs) {
  const page = await pageOf(await currentLink(params.token ?? ''));
  return data(page, {
    status: STATUS[page.state],
    headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  });
}

interface PayAnswer {
  error: string;
}

export async function action(args: ActionFunctionArgs) {
  const token = args.params.token ?? '';
  const received = await receiveForm(args);
  if (!received.ok) return received.answer;
  const found = await findPaymentLink(token);
  // Anything but an open link: the page says what it is now.
  if (found.state !== 'open' || !confirmsCardsOnServer()) return redirect(paymentLinkPath(token));
  const card = sandboxCardSchema.safeParse({
    number: received.formData.get('number') ?? '',
    expiry: received.formData.get('expiry') ?? '',
    cvc: received.formData.get('cvc') ?? '',
  });
  if (!card.success || !card.data.number.trim() || !card.data.expiry.trim() || !card.data.cvc) {
    return data<PayAnswer>({ error: m.cardRequired }, { status: 400 });
  }
  try {
    // The payment exists before the card is taken (a booking link's already does).
    await linkPaymentIntent(found.booking, found.link);
    // A phone booking is agreed to here, as in the widget; the server refuses it unticked.
    const termsAccepted = received.formData.get('termsAccepted') === 'true' ? true : undefined;
    const outcome = await payLinkWithCard(found.booking, found.link, card.data, termsAccepted);
    if (outcome.status === 'failed') {
      return data<PayAnswer>({ error: outcome.message ?? m.failed }, { status: 402 });
    }
  } catch (error) {
    if (!(error instanceof BookingApiError)) throw error;
    return data<PayAnswer>({ error: error.message }, { status: error.status });
  }
  return redirect(paymentLinkPath(token));
}

function Call({ phone }: { phone: string }) {
  return phone ? (
    <p>
      <a href={telHref(phone)} className="button button--accent">
        Call {phone}
      </a>
    </p>
  ) : null;
}

export default function PaymentLinkPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as PayAnswer | undefined;
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const phone = root?.settings.phone ?? '';

  if (page.state === 'paid') {
    return (
      <div className="container booking-page">
        <h1>{m.paidTitle}</h1>
        <p role="status">
          {page.purpose === 'booking' ? m.paid(page.reference) : m.balancePaid(page.reference)}
        </p>
      </div>
    );
  }
  if (page.state !== 'open') {
    const text = {
      unknown: m.notFound(phone),
      expired: m.expired(phone),
      replaced: m.replaced(phone),
      closed: m.closed(phone),
    }[page.state];
    return (
      <div className="container booking-page">
        <h1>{titles[page.state]}</h1>
        <p>{text}</p>
        <Call phone={phone} />
      </div>
    );
  }
  const error = answer && 'error' in answer ? answer.error : null;
  return (
    <div className="container booking-page">
      <h1>{page.purpose === 'booking' ? m.title : m.balanceTitle}</h1>
      <p>{page.purpose === 'booking' ? m.intro(page.reference) : m.balanceIntro(page.reference)}</p>
      <section className="booking-card" aria-labelledby="pay-trip">
        <h2 id="pay-trip">Booking {page.reference}</h2>
        <dl className="booking-details">
          {page.recap.map(([label, value]) => (
            <div key={label} className="booking-details__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          <div className="booking-details__row">
            <dt>{m.amount}</dt>
            <dd>{page.amount}</dd>
          </div>
          <div className="booking-details__row">
            <dt>{m.until}</dt>
            <dd>{page.until}</dd>
          </div>
        </dl>
      </section>
      <section className="booking-card" aria-labelledby="pay-card">
        <h2 id="pay-card">{m.cardTitle}</h2>
        {page.cardOnServer ? (
          <Form method="post" className="form" aria-labelledby="pay-card">
            <p>{m.testMode}</p>
            {error ? (
              <p className="form__alert" role="alert">
                {error}
              </p>
            ) : null}
            <div className="field">
              <label htmlFor="pay-number">{m.cardNumber}</label>
              <input
                id="pay-number"
                name="number"
                inputMode="numeric"
                autoComplete="cc-number"
                maxLength={32}
                required
              />
            </div>
            <div className="form__row">
              <div className="field">
                <label htmlFor="pay-expiry">{m.expiry}</label>
                <input id="pay-expiry" name="expiry" autoComplete="cc-exp" maxLength={7} required />
              </div>
              <div className="field">
                <label htmlFor="pay-cvc">{m.cvc}</label>
                <input
                  id="pay-cvc"
                  name="cvc"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  maxLength={4}
                  required
                />
              </div>
            </div>
            <div className="field field--checkbox">
              <input id="pay-terms" type="checkbox" name="termsAccepted" value="true" required />
              <TermsAgreementLabel htmlFor="pay-terms" />
            </div>
            <button type="submit" className="button button--accent">
              {m.payButton(page.amount)}
            </button>
          </Form>
        ) : page.stripe ? (
          <StripeLinkPayment
            publishableKey={page.stripe.publishableKey}
            clientSecret={page.stripe.clientSecret}
            bookingId={page.stripe.bookingId}
            agreesToTerms={page.purpose === 'booking'}
            amount={page.amount}
            call={<Call phone={phone} />}
          />
        ) : (
          <>
            <p>{m.payByPhone}</p>
            <Call phone={phone} />
          </>
        )}
      </section>
    </div>
  );
}
