// Promo codes on the payment step (POST /api/bookings/:id/promo). The server checks the code
// (pricing-rules.server.ts reads it from the CMS), prices the discount line (fare-lines.server.ts),
// and gives the booking its new price as one ordered change
// (docs/decisions/039-promo-codes-one-change-per-booking.md):
//
//   1. lease: in one store transaction, the booking takes the price the code gives as its
//      `pendingPrice`, which is also a lease: a second change of the same booking is refused until
//      this one ends (or its lease runs out);
//   2. reserve a use of the code in the promo store (the booking keeps the use of any code it had,
//      so going back never needs a slot someone else took meanwhile);
//   3. change the payment's amount at the provider (an idempotency key per change);
//   4. commit: the pending price becomes the booking's price, the use of the code it replaced goes
//      back.
//
// A payment is confirmed only for the booking's price or its pending one (payment-events.server.ts),
// so whatever order the provider, the payment and this change meet in, the booking is confirmed at
// the price that was paid, and a payment for any other amount is raised to staff. Every refusal of
// a code reads "This promo code is not valid.", whatever the reason, so codes cannot be probed.
import { randomUUID } from 'node:crypto';
import {
  messages,
  PAID_STATUSES,
  sumLines,
  todayInBrisbane,
  type Booking,
  type BookingResponse,
  type PendingPrice,
} from '@business-chauffeur/booking-contract';
import {
  PaymentIntentNotUpdatableError,
  paymentAmountIdempotencyKey,
} from '~/payments/payment-gateway.server';
import { getPaymentGateway } from '~/payments/payments.server';
import { getBookingStore, getPromoUseStore } from '~/store/store.server';
import { log } from '~/utils/log.server';
import { supportPhone } from '~/content/site-settings.server';
import { BookingApiError } from './booking-api-error.server';
import { ensurePayment, stillPayable } from './booking-payments.server';
import { touched } from './booking-record.server';
import { toBookingResponse } from './bookings.server';
import { discountLine, withDiscount } from './fare-lines.server';
import { customerEmail } from './payment-events.server';
import { loadPromoRule } from './pricing-rules.server';

/**
 * How long a price change holds its booking: longer than the provider can take to answer (three
 * tries of 15 seconds), so a change still running never meets another one; a change that died
 * (the process stopped) frees the booking after it.
 */
export const PRICE_LEASE_MS = 2 * 60_000;

const notValid = () =>
  new BookingApiError(400, 'promo_invalid', messages.bookingApi.promoInvalid, {
    promoCode: messages.bookingApi.promoInvalid,
  });

const alreadyPaid = () => new BookingApiError(409, 'conflict', messages.bookingApi.alreadyPaid);

const changing = () => new BookingApiError(409, 'conflict', messages.bookingApi.priceChanging);

async function unavailable(): Promise<BookingApiError> {
  return new BookingApiError(
    502,
    'payment_unavailable',
    messages.bookingApi.paymentUnavailable(await supportPhone()),
  );
}

const isLeased = (pending: PendingPrice | null | undefined, now: Date): boolean =>
  !!pending && pending.leaseUntil > now.toISOString();

/** The booking with its pending price as its price (the provider's amount is that price's). */
function withPrice(booking: Booking, pending: PendingPrice, at: string): Booking {
  return touched(
    {
      ...booking,
      fareLines: pending.lines,
      fareCents: pending.totalCents,
      promoCode: pending.code,
      pendingPrice: null,
      payment: { ...booking.payment, amountCents: pending.totalCents },
    },
    at,
  );
}

/**
 * Ends the change `token` in the store: `commit` makes its price the booking's; otherwise the
 * pending price is dropped. Nothing happens when the change no longer holds the booking (a payment
 * for its price confirmed it, or a later read settled it). The booking as it is after.
 */
async function endChange(
  bookingId: string,
  token: string,
  commit: boolean,
): Promise<Booking | null> {
  const at = new Date().toISOString();
  return getBookingStore().updateBooking(bookingId, (current) => {
    const pending = current.pendingPrice;
    if (!pending || pending.token !== token) return null;
    return commit
      ? withPrice(current, pending, at)
      : touched({ ...current, pendingPrice: null }, at);
  });
}

/** Gives back the uses of codes the booking's price does not use (it keeps at most its own). */
async function releaseOtherCodes(booking: Booking, at: string) {
  if (PAID_STATUSES.has(booking.status)) return;
  await getPromoUseStore().release(booking.id, at, { except: booking.promoCode });
}

/**
 * A change that died before it ended (its lease ran out): the price it was giving takes effect
 * when the provider's amount is that price's and the code's use was reserved; otherwise it is
 * dropped and the use goes back. Throws when the provider cannot be asked (the change stays for the
 * next request).
 */
export async function settleAbandonedChange(
  booking: Booking,
  now: Date = new Date(),
): Promise<Booking> {
  const pending = booking.pendingPrice;
  if (!pending || isLeased(pending, now) || PAID_STATUSES.has(booking.status)) return booking;
  const intentId = booking.payment.intentId;
  const intent =
    intentId === null ? null : await getPaymentGateway().retrievePaymentIntent(intentId);
  const uses = await getPromoUseStore().usesOf(booking.id);
  const reserved = pending.code === null || uses.some((use) => use.code === pending.code);
  const providerHasIt = (intent?.amount ?? booking.payment.amountCents) === pending.totalCents;
  const settled =
    (await endChange(booking.id, pending.token, reserved && providerHasIt)) ?? booking;
  await releaseOtherCodes(settled, now.toISOString());
  log.warn('A price change that did not finish was settled', {
    bookingId: booking.id,
    code: pending.code,
    tookEffect: settled.promoCode === pending.code && settled.fareCents === pending.totalCents,
  });
  return settled;
}

export interface ApplyPromoCommand {
  booking: Booking;
  code: string;
  now?: Date;
}

/** Applies a promo code to an unpaid booking; the booking response, re-priced. */
export async function applyPromoCode({
  booking: found,
  code,
  now = new Date(),
}: ApplyPromoCommand): Promise<BookingResponse> {
  if (PAID_STATUSES.has(found.status) || !stillPayable(found, now)) throw alreadyPaid();
  const rule = code ? await loadPromoRule(code) : null;
  if (!rule) throw notValid();
  const booking = await settleAbandonedChange(found, now).catch(async (error: unknown) => {
    log.error('A price change that did not finish could not be settled', {
      bookingId: found.id,
      error,
    });
    throw await unavailable();
  });
  if (booking.promoCode === rule.code && !booking.pendingPrice) {
    const { booking: current, intent } = await ensurePayment(booking, now);
    return toBookingResponse(current, intent);
  }

  // 1. The lease, and the price the code gives the booking as it is in the store.
  const token = randomUUID();
  const at = now.toISOString();
  const today = todayInBrisbane(now);
  let refusal: BookingApiError | null = null;
  const leased = await getBookingStore().updateBooking(booking.id, (current) => {
    refusal = null;
    if (PAID_STATUSES.has(current.status)) {
      refusal = alreadyPaid();
      return null;
    }
    if (isLeased(current.pendingPrice, now)) {
      refusal = changing();
      return null;
    }
    const base = withDiscount(current.fareLines, null);
    const discount = discountLine({
      lines: base,
      promo: rule,
      vehicleType: current.vehicle.type,
      today,
    });
    if (!discount) {
      refusal = notValid();
      return null;
    }
    const lines = withDiscount(base, discount);
    const pendingPrice: PendingPrice = {
      token,
      code: rule.code,
      lines,
      totalCents: sumLines(lines),
      since: at,
      leaseUntil: new Date(now.getTime() + PRICE_LEASE_MS).toISOString(),
    };
    return touched({ ...current, pendingPrice }, at);
  });
  const refused = refusal as BookingApiError | null;
  if (refused) throw refused;
  if (!leased?.pendingPrice || leased.pendingPrice.token !== token) throw changing();
  const pending = leased.pendingPrice;

  // 2. The code's use. A refusal (or a store fault) ends the change with nothing changed.
  const promoUses = getPromoUseStore();
  const outcome = await promoUses
    .reserve({
      code: rule.code,
      email: customerEmail(leased),
      bookingId: leased.id,
      maxUses: rule.maxUses,
      at,
    })
    .catch(async (error: unknown) => {
      await endChange(leased.id, token, false);
      throw error;
    });
  if (!outcome.ok) {
    await endChange(leased.id, token, false);
    throw notValid();
  }

  // 3. The provider's amount.
  const rollBack = async () => {
    const after = await endChange(leased.id, token, false);
    await releaseOtherCodes(after ?? leased, new Date().toISOString());
  };
  const intentId = leased.payment.intentId;
  if (intentId !== null && pending.totalCents !== leased.payment.amountCents) {
    try {
      await getPaymentGateway().updatePaymentIntentAmount(intentId, pending.totalCents, {
        idempotencyKey: paymentAmountIdempotencyKey(leased.id, pending.totalCents, token),
      });
    } catch (error) {
      if (error instanceof PaymentIntentNotUpdatableError) {
        // The payment is already under way, at the price the booking had: it keeps that price.
        await rollBack();
        throw alreadyPaid();
      }
      // Whether the provider changed the amount is unknown: ask it. When it cannot be asked
      // either, the change stays pending (a payment for either price confirms the booking at that
      // price) and the next request settles it once its lease runs out.
      const intent = await getPaymentGateway()
        .retrievePaymentIntent(intentId)
        .catch(() => undefined);
      log.error('A promo code could not be applied', { bookingId: leased.id, error });
      if (intent === undefined) throw await unavailable();
      if (intent?.amount !== pending.totalCents) {
        await rollBack();
        throw await unavailable();
      }
    }
  }

  // 4. Commit, and give back the code the booking no longer uses.
  const committed =
    (await endChange(leased.id, token, true)) ??
    (await getBookingStore().getBooking(leased.id)) ??
    leased;
  await releaseOtherCodes(committed, new Date().toISOString());
  log.info('Promo code applied', {
    bookingId: committed.id,
    code: committed.promoCode,
    amountCents: committed.fareCents,
  });
  // (A customer who paid the new price while it was being set has it confirmed already.)
  const { booking: current, intent } = await ensurePayment(committed, now);
  return toBookingResponse(current, intent);
}
