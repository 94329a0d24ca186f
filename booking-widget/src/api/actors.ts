// The machine's named actors, made from the real API. The machine only knows their names and
// inputs (booking-machine.ts); the widget plugs these in with `bookingMachine.provide(...)`.
import {
  TOO_LATE_TO_PAY,
  type BookingResponse,
  type PaymentStatusResponse,
} from '@business-chauffeur/booking-contract';
import { fromPromise } from 'xstate';
import type {
  ApplyPromoInput,
  ConfirmPaymentInput,
  CreateBookingInput,
  FetchQuoteInput,
  PaymentOutcome,
  PaymentStatusInput,
} from '../machine/types';
import type { BookingApi } from './api-types';

/** How long the widget waits for the server to verify a payment before saying "processing". */
export const PAYMENT_WATCH_MS = 45_000;
const PAYMENT_POLL_MS = 1_500;

/**
 * The answer to a card just confirmed (the sandbox's confirmation): CONFIRMED is the only success
 * (docs/decisions/006); an error is this attempt's (a decline, or a mistyped card that never reached a
 * charge); anything else is not decided yet.
 */
export function outcomeOf(status: PaymentStatusResponse): PaymentOutcome {
  if (status.status === 'CONFIRMED') return { status: 'succeeded', error: null };
  if (status.payment.error || status.payment.status === 'failed') {
    return { status: 'failed', error: status.payment.error };
  }
  return { status: 'processing', error: null };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

interface WatchOptions {
  watchMs: number;
  /**
   * After the provider said yes, only the server's CONFIRMED ends the watch: a REJECTED left by an
   * earlier declined attempt is not this payment's answer.
   */
  untilConfirmed: boolean;
}

/** Polls payment-status until the server decided, or the watch time ran out ("processing"). */
async function watch(
  api: BookingApi,
  booking: BookingResponse,
  signal: AbortSignal,
  { watchMs, untilConfirmed }: WatchOptions,
): Promise<PaymentOutcome> {
  const deadline = Date.now() + watchMs;
  for (;;) {
    const status = await api.paymentStatus(booking, signal);
    if (status.status === 'CONFIRMED') return { status: 'succeeded', error: null };
    // While a payment is processing the server reports "processing"; "failed" then is its end.
    if (!untilConfirmed && status.payment.status === 'failed') {
      return { status: 'failed', error: status.payment.error };
    }
    if (Date.now() >= deadline) return { status: 'processing', error: null };
    await sleep(PAYMENT_POLL_MS, signal);
  }
}

export function createBookingActors(api: BookingApi, options: { watchMs?: number } = {}) {
  const watchMs = options.watchMs ?? PAYMENT_WATCH_MS;
  return {
    // The rules are code, not an API call, but loading them is I/O all the same.
    loadRules: fromPromise(() =>
      import('../machine/step-rules').then((module) => module.bookingRules),
    ),
    fetchQuote: fromPromise<Awaited<ReturnType<BookingApi['quote']>>, FetchQuoteInput>(
      ({ input, signal }) => api.quote(input.request, signal),
    ),
    createBooking: fromPromise<
      Awaited<ReturnType<BookingApi['createBooking']>>,
      CreateBookingInput
    >(({ input, signal }) =>
      api.createBooking(
        { ...input.request, partner: input.partner ?? undefined },
        input.idempotencyKey,
        signal,
      ),
    ),
    confirmPayment: fromPromise<PaymentOutcome, ConfirmPaymentInput>(async ({ input, signal }) => {
      const { booking, method } = input;
      // The sandbox's confirmation carries the customer's agreement to the policies itself.
      if (method.provider === 'sandbox') {
        return outcomeOf(await api.confirmSandboxPayment(booking, method.card, signal));
      }
      // Stripe takes the card in the browser, so the server is asked first: it keeps the
      // agreement, and a booking whose pickup is now less than an hour away answers with the
      // reason (and its payment is cancelled).
      const before = await api.acceptTerms(booking, signal);
      if (before.status === 'CONFIRMED') return { status: 'succeeded', error: null };
      if (before.payment.error?.code === TOO_LATE_TO_PAY) {
        return { status: 'failed', error: before.payment.error };
      }
      // Stripe said yes: the booking is confirmed once the server verified it (docs/decisions/006).
      const provider = await method.confirm();
      if (provider.status !== 'succeeded') return provider;
      return watch(api, booking, signal, { watchMs, untilConfirmed: true });
    }),
    applyPromo: fromPromise<BookingResponse, ApplyPromoInput>(({ input, signal }) =>
      api.applyPromo(input.booking, input.code, signal),
    ),
    watchPayment: fromPromise<PaymentOutcome, PaymentStatusInput>(({ input, signal }) =>
      watch(api, input.booking, signal, { watchMs, untilConfirmed: false }),
    ),
    // A booking restored after a reload: paid meanwhile, still being decided, or still to pay (a
    // declined attempt before the reload is not shown again: the customer simply pays).
    checkPayment: fromPromise<PaymentOutcome, PaymentStatusInput>(async ({ input, signal }) => {
      const status = await api.paymentStatus(input.booking, signal);
      if (status.status === 'CONFIRMED') return { status: 'succeeded', error: null };
      if (status.payment.status === 'processing' || status.payment.status === 'succeeded') {
        return { status: 'processing', error: null };
      }
      return { status: 'requires_payment_method', error: null };
    }),
  };
}
