// The card form of a payment link's page (/pay/…) in Stripe mode: Stripe's Payment Element, as the
// widget mounts it (booking-widget/src/ui/stripe-payment.tsx), for the intent the server made for
// the link. Stripe.js loads only on this page, after the page is running; the card never reaches
// our server. Stripe sends the customer away only when the payment method needs it (3-D Secure),
// back to this page; either way this page is then loaded afresh, and its loader applies the
// intent's status as the server reads it from Stripe (the webhook may have done so first): the
// browser's word that it paid confirms nothing. Without JavaScript Stripe cannot take a card: the
// page says so, with the phone number, until this form replaces that text.
import { messages } from '@business-chauffeur/booking-contract/site';
import { widgetStepMessages } from '@business-chauffeur/booking-contract/widget';
import { useRevalidator } from '@remix-run/react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { TermsAgreementLabel } from './terms-agreement';

const m = messages.paymentLink;
const terms = widgetStepMessages.paymentForm;

export interface StripeLinkPaymentProps {
  publishableKey: string;
  clientSecret: string;
  /** The booking the link pays: a booking link's agreement to the policies is kept on it. */
  bookingId: string;
  /** A booking link agrees to the policies first, through the widget's own terms request. */
  agreesToTerms: boolean;
  amount: string;
  /** The way to pay by phone, shown until the form is ready (and always without JavaScript). */
  call: ReactNode;
}

export function StripeLinkPayment(props: StripeLinkPaymentProps) {
  const { publishableKey, clientSecret } = props;
  const mountPoint = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [failedToLoad, setFailedToLoad] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const revalidator = useRevalidator();

  useEffect(() => {
    let cancelled = false;
    let unmount = () => {};
    void (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js/pure');
        const loaded = await loadStripe(publishableKey);
        if (!loaded || cancelled || !mountPoint.current) {
          if (!loaded) setFailedToLoad(true);
          return;
        }
        const elements = loaded.elements({
          clientSecret,
          appearance: {
            theme: 'stripe',
            variables: { borderRadius: '6px', colorPrimary: '#0f1419' },
          },
        });
        const element = elements.create('payment');
        element.mount(mountPoint.current);
        unmount = () => element.destroy();
        setStripe({ stripe: loaded, elements });
      } catch {
        if (!cancelled) setFailedToLoad(true);
      }
    })();
    return () => {
      cancelled = true;
      unmount();
    };
  }, [publishableKey, clientSecret]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !stripe) return;
    if (!agreed) {
      setError(terms.termsRequired);
      return;
    }
    setBusy(true);
    setError(null);
    let paid = false;
    try {
      if (props.agreesToTerms) {
        // The widget's own request: the agreement is kept before any card is taken, and the
        // answer says whether the booking can still be paid.
        const response = await fetch(`/api/bookings/${encodeURIComponent(props.bookingId)}/terms`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ clientSecret, accepted: true }),
        });
        if (!response.ok) {
          setError(m.failed);
          revalidator.revalidate();
          return;
        }
      }
      const page = window.location.href.split('?')[0]!;
      const result = await stripe.stripe.confirmPayment({
        elements: stripe.elements,
        redirect: 'if_required',
        confirmParams: { return_url: page },
      });
      if (result.error) {
        setError(result.error.message ?? m.failed);
        return;
      }
      // Paid (or being processed): the page is loaded afresh, as after 3-D Secure, and its loader
      // reads the payment's status from the server. It opens at its top (the browser keeps the
      // scroll of a page loaded again at its own address), on the outcome and under its own
      // title. Redrawn in place, the much shorter page left a customer who had scrolled to the
      // button looking at the footer, and it jumped with no tap to cause it.
      paid = true;
      window.scrollTo(0, 0);
      window.location.replace(page);
    } catch {
      setError(m.failed);
    } finally {
      // Paid, the button stays busy until the page is replaced.
      if (!paid) setBusy(false);
    }
  };

  return (
    <>
      {stripe ? null : (
        <>
          {failedToLoad ? <p role="alert">{m.stripeDidNotLoad}</p> : <p>{m.needsJavaScript}</p>}
          {props.call}
        </>
      )}
      <form
        className="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-labelledby="pay-card"
        hidden={!stripe}
      >
        {error ? (
          <p className="form__alert" role="alert">
            {error}
          </p>
        ) : null}
        <div ref={mountPoint} />
        <div className="field field--checkbox">
          <input
            id="pay-terms"
            type="checkbox"
            checked={agreed}
            onChange={(event) => setAgreed(event.currentTarget.checked)}
          />
          <TermsAgreementLabel htmlFor="pay-terms" />
        </div>
        <button type="submit" className="button button--accent" disabled={busy}>
          {busy ? m.paying : m.payButton(props.amount)}
        </button>
      </form>
    </>
  );
}
