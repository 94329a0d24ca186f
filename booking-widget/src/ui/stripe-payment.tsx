// Stripe's Payment Element for a Stripe-mode booking (its own chunk, with Stripe.js, loaded only
// here). Confirmation redirects only when the payment method needs it (3-D Secure, bank pages);
// the customer then comes back to /completion, which reads the payment's status from the server.
import { widgetStepMessages } from '@business-chauffeur/booking-contract/widget';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import type { PaymentOutcome } from '../machine/types';
import { PayButton, type CardFormProps } from './card-form';
import { useWidget } from './widget-context';

const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

export function StripePayment({ booking, busy, onPay }: CardFormProps) {
  const { payment } = booking;
  const stripe = useMemo(
    () => (payment.provider === 'stripe' ? stripeFor(payment.publishableKey) : null),
    [payment],
  );
  if (payment.provider !== 'stripe' || !stripe) return null;
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret: payment.clientSecret,
        appearance: {
          theme: 'stripe',
          variables: { borderRadius: '6px', colorPrimary: '#0f1419' },
        },
      }}
    >
      <StripeForm
        bookingId={booking.bookingId}
        totalCents={booking.totalCents}
        busy={busy}
        onPay={onPay}
      />
    </Elements>
  );
}

function StripeForm({
  bookingId,
  totalCents,
  busy,
  onPay,
}: {
  bookingId: string;
  totalCents: number;
  busy: boolean;
  onPay: CardFormProps['onPay'];
}) {
  const stripe = useStripe();
  const elements = useElements();
  const { api } = useWidget();
  // A promo code changed the PaymentIntent's amount on the server: the Payment Element reads it
  // again (the methods it offers can depend on the amount).
  const shownAmount = useRef(totalCents);
  useEffect(() => {
    if (!elements || shownAmount.current === totalCents) return;
    shownAmount.current = totalCents;
    void elements.fetchUpdates();
  }, [elements, totalCents]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !stripe || !elements) return;
    // /completion reads the payment's status from the server (Stripe adds the client secret).
    const returnUrl = `${api.apiBase}/completion?booking=${encodeURIComponent(bookingId)}`;
    onPay({
      provider: 'stripe',
      confirm: async (): Promise<PaymentOutcome> => {
        const result = await stripe.confirmPayment({
          elements,
          redirect: 'if_required',
          confirmParams: { return_url: returnUrl },
        });
        if (result.error) {
          return {
            status: 'failed',
            error: {
              type: result.error.type,
              code: result.error.code,
              message: result.error.message ?? '',
            },
          };
        }
        return {
          status: result.paymentIntent.status === 'succeeded' ? 'succeeded' : 'processing',
          error: null,
        };
      },
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <fieldset className="cb-card-form">
        <legend>{widgetStepMessages.paymentForm.cardDetails}</legend>
        <PaymentElement />
        <PayButton busy={busy || !stripe} />
      </fieldset>
    </form>
  );
}
