// Payment reconciliation: when the webhook endpoint was down (a deploy, an outage, a wrong secret),
// Stripe's events may never arrive and paid bookings would stay DRAFT. This job reads the payment
// of every recent booking that is not settled from the provider, server to server, and applies it
// through the same verified-event path as a webhook: paid → CONFIRMED with its email,
// failed → REJECTED, a confirmation email that could not be sent is sent. It is safe to run at any
// time and on several instances at once: events are recorded once by id. An unpaid booking whose
// online payment has closed (pickup within the hour) has its payment cancelled and the promo code
// use it held released.
//
// Runs on server start-up (server/index.ts) and by hand or from a scheduler with `npm run reconcile`.
import { openAlerts } from '@business-chauffeur/booking-contract';
import { getBookingStore } from '~/store/store.server';
import { getPaymentGateway } from '~/payments/payments.server';
import { log } from '~/utils/log.server';
import { BookingApiError } from './booking-api-error.server';
import { refuseLatePayment, settleFromIntent } from './booking-payments.server';

export interface ReconcileOptions {
  /** How far back to look, in days (default 14: longer than any payment stays open). */
  lookBackDays?: number;
  /** How many bookings the store looks at per page (default 200); every page is read. */
  pageSize?: number;
  now?: Date;
}

export interface ReconcileSummary {
  /** Bookings whose payment was read from the provider. */
  checked: number;
  confirmed: number;
  rejected: number;
  /** Confirmation emails sent now, for bookings confirmed before. */
  emailsSent: number;
  /** Bookings that could not be settled this time (provider or store unreachable); logged. */
  failed: number;
  /**
   * Bookings with an alert no one has handled yet (a payment of another amount than the booking's:
   * docs/decisions/040-payments-that-need-staff.md), shown on their staff page.
   */
  needsAction: number;
}

export async function reconcilePayments(options: ReconcileOptions = {}): Promise<ReconcileSummary> {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - (options.lookBackDays ?? 14) * 24 * 3600_000);
  const store = getBookingStore();
  const gateway = getPaymentGateway();
  const summary: ReconcileSummary = {
    checked: 0,
    confirmed: 0,
    rejected: 0,
    emailsSent: 0,
    failed: 0,
    needsAction: 0,
  };
  // The store selects the unsettled bookings by status and time and pages through all of them, so
  // a flood of other bookings (drafts nobody paid for) cannot push a paid one out of sight.
  let cursor: string | undefined;
  do {
    const page = await store.listUnsettledBookings({
      createdSince: since.toISOString(),
      cursor,
      limit: options.pageSize ?? 200,
    });
    cursor = page.cursor ?? undefined;
    for (const booking of page.bookings) {
      summary.checked += 1;
      try {
        if (booking.status !== 'CONFIRMED' && booking.promoCode !== null) {
          // An unpaid booking whose online payment has closed gives its promo code use back.
          await refuseLatePayment(booking, now).catch((error: unknown) => {
            if (!(error instanceof BookingApiError)) throw error;
          });
        }
        const intentId = booking.status === 'CONFIRMED' ? null : booking.payment.intentId;
        const intent = intentId === null ? null : await gateway.retrievePaymentIntent(intentId);
        const after = await settleFromIntent(booking, intent, { recordFailure: true });
        if (after.status !== booking.status) {
          if (after.status === 'CONFIRMED') summary.confirmed += 1;
          if (after.status === 'REJECTED') summary.rejected += 1;
        } else if (after.confirmationEmail.sentAt && !booking.confirmationEmail.sentAt) {
          summary.emailsSent += 1;
        }
        if (after.status === 'CONFIRMED' && !after.confirmationEmail.sentAt) {
          summary.failed += 1;
        }
        if (openAlerts(after).length > 0) summary.needsAction += 1;
      } catch (error) {
        summary.failed += 1;
        log.error('A booking could not be reconciled', { bookingId: booking.id, error });
      }
    }
  } while (cursor);
  log.info('Payments reconciled', { ...summary });
  return summary;
}
