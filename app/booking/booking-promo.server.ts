// Promo codes on the payment step (POST /api/bookings/:id/promo). The server checks the code
// (pricing-rules.server.ts reads it from the CMS), prices the discount line (fare-lines.server.ts),
// reserves a use in the promo store, changes the unpaid payment's amount at the provider and then
// the booking, so the card form, the amount charged and the booking agree. Every refusal reads
// "This promo code is not valid.", whatever the reason, so codes cannot be probed for their rules.
//
// Uses (docs/decisions/028-promo-code-uses.md): a use is reserved when the code is applied to a
// booking, consumed when that booking's payment succeeds (payment-events.server.ts), and released
// when online payment closes for the booking unpaid (its payment is cancelled at the provider
// first, so the discount can no longer be paid) or when the same customer applies the code to
// another booking (the first booking goes back to its full price first). The store counts reserved
// and consumed uses together, atomically, so concurrent bookings never exceed a code's maximum.
import {
  centsToAud,
  en as messages,
  sumLines,
  todayInBrisbane,
  widgetMessages,
  type Booking,
  type BookingResponse,
} from '@business-chauffeur/booking-contract';
import {
  PaymentIntentNotUpdatableError,
  paymentAmountIdempotencyKey,
} from '~/payments/payment-gateway.server';
import { getPaymentGateway } from '~/payments/payments.server';
import type { PromoUse } from '~/store/promo-use-store.server';
import { getBookingStore, getPromoUseStore } from '~/store/store.server';
import { log } from '~/utils/log.server';
import { BookingApiError } from './booking-api-error.server';
import { ensurePayment, stillPayable } from './booking-payments.server';
import { touched } from './booking-record.server';
import { toBookingResponse } from './bookings.server';
import { discountLine, withDiscount } from './fare-lines.server';
import { loadPromoRule } from './pricing-rules.server';

const notValid = () =>
  new BookingApiError(400, 'promo_invalid', widgetMessages.payment.promoInvalid, {
    promoCode: widgetMessages.payment.promoInvalid,
  });

/** The email a code's one-use-per-customer rule counts: the booker's, else the passenger's. */
export function customerEmail(booking: Booking): string {
  return (booking.contacts.booker ?? booking.contacts.passenger).email.trim().toLowerCase();
}

/**
 * Sets the booking's lines, total and payment amount (at the provider first, then in the store).
 * Throws PaymentIntentNotUpdatableError when the payment can no longer change.
 */
async function reprice(booking: Booking, lines: Booking['fareLines'], code: string | null) {
  const total = sumLines(lines);
  const intentId = booking.payment.intentId;
  if (intentId !== null && total !== booking.payment.amountCents) {
    await getPaymentGateway().updatePaymentIntentAmount(intentId, total, {
      idempotencyKey: paymentAmountIdempotencyKey(booking.id, total, booking.updatedAt),
    });
  }
  const at = new Date().toISOString();
  const updated = await getBookingStore().updateBooking(booking.id, (current) =>
    touched(
      {
        ...current,
        fareLines: lines,
        fareCents: total,
        promoCode: code,
        payment: { ...current.payment, amountCents: total },
      },
      at,
    ),
  );
  return updated ?? booking;
}

/**
 * Takes the discount back from another unpaid booking of the same customer, so its use of the
 * code can move to this one. False when that booking is paid (or paying): the use stays there.
 */
async function withdrawFrom(bookingId: string): Promise<boolean> {
  const other = await getBookingStore().getBooking(bookingId);
  if (!other) return true;
  if (other.status === 'CONFIRMED') return false;
  try {
    await reprice(other, withDiscount(other.fareLines, null), null);
    return true;
  } catch (error) {
    if (error instanceof PaymentIntentNotUpdatableError) return false;
    throw error;
  }
}

/** After a failed re-pricing: the booking's uses as they were before the code was applied. */
async function restoreUse(booking: Booking, before: PromoUse | null, now: Date) {
  const promoUses = getPromoUseStore();
  const current = await promoUses.useOf(booking.id);
  if (current?.code === before?.code) return;
  await promoUses.release(booking.id, now.toISOString());
  const rule = before ? await loadPromoRule(before.code) : null;
  if (before && rule) {
    await promoUses.reserve({
      code: before.code,
      email: before.email,
      bookingId: booking.id,
      maxUses: rule.maxUses,
      at: now.toISOString(),
    });
  }
}

export interface ApplyPromoCommand {
  booking: Booking;
  code: string;
  now?: Date;
}

/** Applies a promo code to an unpaid booking; the booking response, re-priced. */
export async function applyPromoCode({
  booking,
  code,
  now = new Date(),
}: ApplyPromoCommand): Promise<BookingResponse> {
  if (booking.status === 'CONFIRMED' || !stillPayable(booking, now)) {
    throw new BookingApiError(409, 'conflict', messages.bookingApi.alreadyPaid);
  }
  const rule = code ? await loadPromoRule(code) : null;
  if (!rule) throw notValid();
  const base = withDiscount(booking.fareLines, null);
  const discount = discountLine({
    lines: base,
    promo: rule,
    vehicleType: booking.vehicle.type,
    today: todayInBrisbane(now),
  });
  if (!discount) throw notValid();

  const promoUses = getPromoUseStore();
  const before = await promoUses.useOf(booking.id);
  const reserve = (takeOverFrom?: string) =>
    promoUses.reserve({
      code: rule.code,
      email: customerEmail(booking),
      bookingId: booking.id,
      maxUses: rule.maxUses,
      at: now.toISOString(),
      ...(takeOverFrom ? { takeOverFrom } : {}),
    });
  let outcome = await reserve();
  if (!outcome.ok && outcome.reason === 'email_held' && (await withdrawFrom(outcome.heldBy))) {
    outcome = await reserve(outcome.heldBy);
  }
  if (!outcome.ok) throw notValid();

  let updated: Booking;
  try {
    updated = await reprice(booking, withDiscount(base, discount), rule.code);
  } catch (error) {
    // The payment is already under way (or the provider is down): the booking keeps the code it
    // had, and a use reserved just now goes back.
    await restoreUse(booking, before, now);
    if (error instanceof PaymentIntentNotUpdatableError) {
      throw new BookingApiError(409, 'conflict', messages.bookingApi.alreadyPaid);
    }
    log.error('A promo code could not be applied', { bookingId: booking.id, error });
    throw error;
  }
  log.info('Promo code applied', {
    bookingId: booking.id,
    code: rule.code,
    amount: centsToAud(updated.fareCents),
  });
  const { booking: current, intent } = await ensurePayment(updated, now);
  return toBookingResponse(current, intent);
}
