// A card confirmed on the server, for a payment provider without its own card form (the sandbox's
// "Test mode" form): the outcome goes through the same event path as a Stripe webhook. The card's
// number, expiry and CVC are used for this call only.
//
// No card is charged while the booking store cannot write: the outcome would have nowhere to go
// (the store is checked with a write right before the charge, and refuses with a 503). Should the
// store fail between that check and the write after the charge, the charge is not lost: the answer
// is "processing", the booking is remembered, and the next request about it or the settle pass
// applies the outcome from the provider (app/booking/deferred-settlements.server.ts). A booking
// whose intent was already paid that way is settled here, never charged again.
import {
  messages,
  type Booking,
  type PaymentStatusResponse,
  type SandboxCard,
} from '@business-chauffeur/booking-contract';
import { getPaymentGateway } from '~/payments/payments.server';
import { StoreUnavailableError } from '~/store/store-errors.server';
import { getBookingStore } from '~/store/store.server';
import { log } from '~/utils/log.server';
import { BookingApiError } from './booking-api-error.server';
import {
  paymentStatusResponse,
  refuseLatePayment,
  settleFromIntent,
  settleOrDefer,
} from './booking-payments.server';
import { deferSettlement } from './deferred-settlements.server';
import { processPaymentEvent } from './payment-events.server';
import { acceptTerms } from './terms-acceptance.server';

/** Whether this site's payment provider takes cards on the server (POST …/sandbox-confirm). */
export function confirmsCardsOnServer(): boolean {
  return getPaymentGateway().confirm !== undefined;
}

export async function confirmCardPayment(
  given: Booking,
  card: SandboxCard,
  termsAccepted: true | undefined,
  now: Date = new Date(),
): Promise<PaymentStatusResponse> {
  let booking = given;
  const gateway = getPaymentGateway();
  if (!gateway.confirm) {
    throw new BookingApiError(404, 'not_found', messages.bookingApi.sandboxOnly);
  }
  const intentId = booking.payment.intentId;
  if (booking.status === 'CONFIRMED' || intentId === null) {
    const intent = intentId === null ? null : await gateway.retrievePaymentIntent(intentId);
    return paymentStatusResponse(booking, intent);
  }
  // No charge without the customer's agreement to the policies, kept with the booking first.
  if (termsAccepted) booking = await acceptTerms(booking, now);
  if (!booking.termsAcceptance) {
    throw new BookingApiError(422, 'terms_required', messages.bookingApi.termsRequired);
  }
  // Checked again right before the charge: the lead time may have run out since the booking.
  const late = await refuseLatePayment(booking, now);
  if (late) return paymentStatusResponse(await settleFromIntent(booking, late), late);
  // The store must take a write before the card is charged (StoreUnavailableError: a 503).
  await getBookingStore().probeWrite();
  const result = await gateway.confirm(intentId, card);
  if (!result.event && result.intent.status === 'succeeded') {
    // Paid by an earlier attempt whose outcome the store could not take: settled now.
    return paymentStatusResponse(await settleOrDefer(booking, result.intent), result.intent);
  }
  let current = booking;
  let saved = true;
  if (result.event) {
    try {
      current = (await processPaymentEvent(result.event)).booking ?? booking;
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      // Charged (or declined) but not saved: kept for the next request or the settle pass. A
      // charge answers "processing" (the widget then watches the payment status).
      saved = false;
      deferSettlement(booking.id);
      log.error(
        'A sandbox payment outcome could not be saved; it is applied once the store writes',
        {
          bookingId: booking.id,
          paymentIntentId: intentId,
          outcome: result.event.outcome,
          error,
        },
      );
    }
  }
  const response = paymentStatusResponse(current, result.intent);
  if (result.error && (!result.event || !saved)) {
    // A mistyped card never reached a charge, or a decline not recorded yet: the booking is
    // unchanged, the form shows why.
    const { type, code, message } = result.error;
    return {
      ...response,
      payment: { status: 'requires_payment_method', error: { type, code, message } },
    };
  }
  return response;
}
