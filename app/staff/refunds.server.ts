// Refunds staff make from a booking's page, through the payment provider's refunds (Stripe's
// Refunds API, or the sandbox's), never more than was paid, even when two are made at once:
//
//   1. reserve: in one store transaction, check what is left (paid minus refunded, pending
//      refunds included) and record the refund as `pending`, adding it to the booking's total;
//   2. ask the provider, with the refund's key as the idempotency key;
//   3. record it `succeeded` (or take it off again if the provider refused it), write the audit
//      entry and email the customer.
//
// A booking whose balance was paid by link holds more than one charge: the refund is split across
// them when it is reserved, the newest first, each part never above what is left of its charge,
// and the provider is asked once per part with a key of its own
// (app/booking/refund-charges.server.ts, docs/decisions/066-refunds-across-charges.md).
//
// A refund made while money is due back to the customer after a staff change lowered the fare
// pays that back first: the part of it that does is kept on the refund (`dueBackCents`, decided in
// the same transaction), so what is due back is never paid back twice
// (docs/decisions/041-fare-adjustments-after-payment.md).
//
// The key comes with the form, so sending the same form twice refunds once. When the provider
// cannot be reached the refund stays pending: sending the form again finishes it (the provider
// answers a repeated key as it did the first time, so nothing is refunded twice).
import {
  dueBackPart,
  formatMoneyWithCode,
  paidCents,
  type Booking,
  type BookingRefund,
  type RefundCharge,
} from '@business-chauffeur/booking-contract';
import { partsOf, refundPartKey, splitRefund } from '~/booking/refund-charges.server';
import { PaymentProviderError, RefundRefusedError } from '~/payments/payment-gateway.server';
import { getPaymentGateway } from '~/payments/payments.server';
import { getAuditLogStore, getBookingStore } from '~/store/store.server';
import { log } from '~/utils/log.server';
import { sendRefundEmail } from './refund-email.server';

/** What the customer paid, in cents (the contract's sum of succeeded payments). */
export { paidCents };

/** What may still be refunded, in cents. */
export function refundableCents(booking: Booking): number {
  return Math.max(0, paidCents(booking) - (booking.refundCents ?? 0));
}

export interface RefundRequest {
  bookingId: string;
  amountCents: number;
  reason: string;
  /** The form's key: one refund per key. */
  key: string;
  /** The staff member's email. */
  by: string;
  /** False when the caller tells the customer itself (a cancellation's email names the refund). */
  notify?: boolean;
}

export type RefundOutcome =
  | { ok: true; booking: Booking; refund: BookingRefund }
  | {
      ok: false;
      reason: 'not-found' | 'not-paid' | 'exceeds' | 'refused' | 'unavailable';
      message: string;
    };

/** The staff member's refund of part or all of a paid booking (see the top of this file). */
export async function refundBooking(request: RefundRequest): Promise<RefundOutcome> {
  const store = getBookingStore();
  const { bookingId, amountCents, key } = request;
  let refusal: Extract<RefundOutcome, { ok: false }> | null = null;
  let existing: BookingRefund | null = null;
  let before: number | null = null;
  const reserved = await store.updateBooking(bookingId, (current) => {
    refusal = null;
    existing = current.refunds?.find((refund) => refund.key === key) ?? null;
    before = current.refundCents;
    if (existing) return null;
    const paid = paidCents(current);
    // A payment staff were alerted to (its amount was not the booking's) can be refunded too.
    if (paid === 0 || !current.payment.intentId) {
      refusal = { ok: false, reason: 'not-paid', message: 'Only a paid booking can be refunded.' };
      return null;
    }
    const left = refundableCents(current);
    if (amountCents > left) {
      refusal = {
        ok: false,
        reason: 'exceeds',
        message: `The most that can be refunded is ${formatMoneyWithCode(left)} (paid ${formatMoneyWithCode(paid)}, refunded ${formatMoneyWithCode(current.refundCents ?? 0)}).`,
      };
      return null;
    }
    const charges = splitRefund(current, amountCents);
    if (!charges) {
      // The charges' own remainders are what the provider holds to: a refund they cannot cover
      // would be refused part-way.
      refusal = {
        ok: false,
        reason: 'exceeds',
        message: `The payments on this booking do not have ${formatMoneyWithCode(amountCents)} left to refund.`,
      };
      return null;
    }
    const dueBack = dueBackPart(current, amountCents);
    const pending: BookingRefund = {
      key,
      amountCents,
      reason: request.reason,
      by: request.by,
      requestedAt: new Date().toISOString(),
      status: 'pending',
      providerRefundId: null,
      ...(dueBack > 0 ? { dueBackCents: dueBack } : {}),
      charges,
    };
    return {
      ...current,
      refundCents: (current.refundCents ?? 0) + amountCents,
      refunds: [...(current.refunds ?? []), pending],
      updatedAt: new Date().toISOString(),
    };
  });
  if (!reserved) return { ok: false, reason: 'not-found', message: 'There is no such booking.' };
  if (refusal) return refusal;
  const found = existing as BookingRefund | null;
  // The same form sent again after it succeeded: nothing more to do.
  if (found?.status === 'succeeded') return { ok: true, booking: reserved, refund: found };
  const refund = found ?? reserved.refunds!.find((entry) => entry.key === key)!;

  // Each part from its own charge, newest first; a part already made answers as it did.
  const parts = partsOf(reserved, refund);
  const made: RefundCharge[] = [];
  for (const part of parts) {
    try {
      const done = await getPaymentGateway().refund(
        {
          paymentIntentId: part.paymentIntentId,
          amountCents: part.amountCents,
          bookingId,
          bookingReferenceId: reserved.reference,
          reason: refund.reason,
        },
        { idempotencyKey: refundPartKey(bookingId, refund, part) },
      );
      made.push({ ...part, providerRefundId: done.id });
    } catch (error) {
      if (error instanceof RefundRefusedError) {
        log.warn('The payment provider refused a refund', { bookingId, reason: error.reason });
        const kept = await keepOnlyMade(bookingId, key, made);
        if (made.length === 0) {
          return {
            ok: false,
            reason: 'refused',
            message: `The payment provider refused the refund: ${error.message}`,
          };
        }
        // Part of it was refunded: that part stands, is recorded and told like any refund.
        const keptRefund = kept?.refunds?.find((entry) => entry.key === key);
        if (kept && keptRefund) await tell(request, kept, keptRefund, found, before);
        return {
          ok: false,
          reason: 'refused',
          message: `${formatMoneyWithCode(sumOf(made))} was refunded; the payment provider refused the rest: ${error.message}`,
        };
      }
      if (error instanceof PaymentProviderError) {
        log.error('The payment provider could not make a refund', { bookingId, error });
        return {
          ok: false,
          reason: 'unavailable',
          message:
            'The payment provider could not be reached. The refund is recorded as pending: send the form again to finish it.',
        };
      }
      throw error;
    }
  }
  const providerRefundId = made[0]!.providerRefundId!;

  // Only the request that settles the refund writes the audit entry and the email: the same form
  // sent twice at once reaches the provider twice (one refund, same key) but is told once.
  let settledHere = false;
  const settled = await store.updateBooking(bookingId, (current) => {
    settledHere = false;
    const entry = current.refunds?.find((candidate) => candidate.key === key);
    if (!entry || entry.status === 'succeeded') return null;
    settledHere = true;
    return {
      ...current,
      refunds: current.refunds!.map((candidate) =>
        candidate.key === key
          ? {
              ...candidate,
              status: 'succeeded' as const,
              providerRefundId,
              ...(candidate.charges ? { charges: made } : {}),
            }
          : candidate,
      ),
      updatedAt: new Date().toISOString(),
    };
  });
  const booking = settled ?? reserved;
  const succeeded = booking.refunds?.find((entry) => entry.key === key) ?? refund;
  if (!settledHere) return { ok: true, booking, refund: succeeded };
  await tell(request, booking, succeeded, found, before);
  return { ok: true, booking, refund: succeeded };
}

const sumOf = (parts: RefundCharge[]) => parts.reduce((sum, part) => sum + part.amountCents, 0);

/**
 * After the provider refused a part: the refund keeps only the parts it made (succeeded), or is
 * taken off when it made none, so what the booking counts as refunded is what was.
 */
async function keepOnlyMade(
  bookingId: string,
  key: string,
  made: RefundCharge[],
): Promise<Booking | null> {
  const kept = sumOf(made);
  return getBookingStore().updateBooking(bookingId, (current) => {
    const entry = current.refunds?.find((candidate) => candidate.key === key);
    if (!entry || entry.status !== 'pending') return null;
    const refundCents = Math.max(0, (current.refundCents ?? 0) - (entry.amountCents - kept));
    const refunds =
      made.length === 0
        ? current.refunds!.filter((candidate) => candidate.key !== key)
        : current.refunds!.map((candidate) => {
            if (candidate.key !== key) return candidate;
            const { dueBackCents, ...rest } = candidate;
            const dueBack = Math.min(dueBackCents ?? 0, kept);
            return {
              ...rest,
              amountCents: kept,
              status: 'succeeded' as const,
              providerRefundId: made[0]!.providerRefundId,
              charges: made,
              ...(dueBack > 0 ? { dueBackCents: dueBack } : {}),
            };
          });
    return {
      ...current,
      refundCents: refundCents || null,
      refunds,
      updatedAt: new Date().toISOString(),
    };
  });
}

/** The audit entry and (unless the caller tells the customer) the email, for a refund made. */
async function tell(
  request: RefundRequest,
  booking: Booking,
  refund: BookingRefund,
  found: BookingRefund | null,
  before: number | null,
): Promise<void> {
  const { bookingId } = request;
  try {
    await getAuditLogStore().record({
      at: new Date().toISOString(),
      by: request.by,
      action: 'refund',
      subjectId: bookingId,
      subjectLabel: booking.reference,
      note: refund.reason,
      before: { refundCents: found ? (booking.refundCents ?? 0) - refund.amountCents : before },
      after: {
        refundCents: booking.refundCents,
        refund: refund.amountCents,
        providerRefundId: refund.providerRefundId,
      },
    });
  } catch (error) {
    // The refund is made and on the booking; the missing entry is what must not go unnoticed.
    log.error('A refund could not be written to the audit log', {
      bookingId,
      key: refund.key,
      error,
    });
  }
  if (request.notify !== false) await sendRefundEmail(booking, refund);
}
