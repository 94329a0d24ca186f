// A card confirmed on the server, for a payment provider without its own card form (the sandbox's
// "Test mode" form): the outcome goes through the same event path as a Stripe webhook. The card's
// number, expiry and CVC are used for this call only.
import {
  en as messages,
  type Booking,
  type PaymentStatusResponse,
  type SandboxCard,
} from '@business-chauffeur/booking-contract';
import { getPaymentGateway } from '~/payments/payments.server';
import { BookingApiError } from './booking-api-error.server';
import {
  paymentStatusResponse,
  refuseLatePayment,
  settleFromIntent,
} from './booking-payments.server';
import { processPaymentEvent } from './payment-events.server';

/** Whether this site's payment provider takes cards on the server (POST …/sandbox-confirm). */
export function confirmsCardsOnServer(): boolean {
  return getPaymentGateway().confirm !== undefined;
}

export async function confirmCardPayment(
  booking: Booking,
  card: SandboxCard,
  now: Date = new Date(),
): Promise<PaymentStatusResponse> {
  const gateway = getPaymentGateway();
  if (!gateway.confirm) {
    throw new BookingApiError(404, 'not_found', messages.bookingApi.sandboxOnly);
  }
  const intentId = booking.payment.intentId;
  if (booking.status === 'CONFIRMED' || intentId === null) {
    const intent = intentId === null ? null : await gateway.retrievePaymentIntent(intentId);
    return paymentStatusResponse(booking, intent);
  }
  // Checked again right before the charge: the lead time may have run out since the booking.
  const late = await refuseLatePayment(booking, now);
  if (late) return paymentStatusResponse(await settleFromIntent(booking, late), late);
  const result = await gateway.confirm(intentId, card);
  let current = booking;
  if (result.event) {
    current = (await processPaymentEvent(result.event)).booking ?? booking;
  }
  const response = paymentStatusResponse(current, result.intent);
  if (!result.event && result.error) {
    // A mistyped card never reached a charge: the booking is unchanged, the form shows why.
    const { type, code, message } = result.error;
    return {
      ...response,
      payment: { status: 'requires_payment_method', error: { type, code, message } },
    };
  }
  return response;
}
