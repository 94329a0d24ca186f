// What both card forms share, the sandbox's (step-payment.tsx) and Stripe's Payment Element
// (stripe-payment.tsx, its own lazy chunk): their props and the Pay now button. Kept apart so the
// Stripe chunk imports it without importing step 5, which loads the Stripe chunk.
import { type BookingResponse } from '@business-chauffeur/booking-contract';
import { widgetStepMessages } from '@business-chauffeur/booking-contract/widget';
import type { PaymentMethodInput } from '../machine/types';

const text = widgetStepMessages.paymentForm;

export interface CardFormProps {
  booking: BookingResponse;
  busy: boolean;
  onPay: (method: PaymentMethodInput) => void;
}

export function PayButton({ busy }: { busy: boolean }) {
  return (
    <button
      type="submit"
      className="cb-button cb-button--primary"
      // Not `disabled`: the button keeps focus while the payment runs.
      aria-disabled={busy ? 'true' : undefined}
    >
      {busy ? <span className="cb-spinner" aria-hidden="true" /> : null}
      {text.payNow}
    </button>
  );
}
