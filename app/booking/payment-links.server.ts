// Payment links (docs/decisions/059-payment-links.md): staff send the customer an address that
// pays one thing, through the payment port, as the widget's payment does:
//
//   - a `booking` link pays a booking taken by phone: the booking's own payment intent, so its
//     success confirms the booking through the same verified event, confirmation email and promo
//     rules as the widget (app/booking/payment-events.server.ts);
//   - a `balance` link pays what a staff change made higher: a payment intent of its own, made once
//     per link (the provider's idempotency key names the link), recorded beside the original charge,
//     never over it; its success settles the balance.
//
// The address is `/pay/<booking id>.<secret>`: the secret is 256 random bits and only its SHA-256
// is stored, compared in constant time. An address that is malformed, names no booking, or holds
// a secret the booking does not know gets the same answer, so nothing can be learnt by trying.
// A link works once, until its expiry (48 hours, or the pickup if sooner), and stops working when
// staff send a newer one. One intent per link is what makes two payments of one link at once a
// single charge: the provider refuses to confirm an intent that already succeeded.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  PAID_STATUSES,
  brisbaneInstant,
  messages,
  fareBalanceCents,
  type Booking,
  type PaymentLink,
  type PaymentStatusResponse,
  type SandboxCard,
} from '@business-chauffeur/booking-contract';
import { supportPhone } from '~/content/site-settings.server';
import { getPaymentGateway } from '~/payments/payments.server';
import type { PaymentIntentView } from '~/payments/payment-gateway.server';
import { StoreUnavailableError } from '~/store/store-errors.server';
import { getBookingStore } from '~/store/store.server';
import { log } from '~/utils/log.server';
import { BookingApiError } from './booking-api-error.server';
import { ensurePayment, settleOrDefer, stillPayable } from './booking-payments.server';
import { touched } from './booking-record.server';
import { deferSettlement } from './deferred-settlements.server';
import { processPaymentEvent } from './payment-events.server';
import { confirmCardPayment } from './sandbox-confirm.server';

/** How long a link works at most: 48 hours (less when the pickup is sooner). */
export const PAYMENT_LINK_HOURS = 48;

const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const BOOKING_ID_PATTERN = /^[A-Za-z0-9]{1,64}$/;

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The link's address path for a booking and its secret. */
export function paymentLinkPath(token: string): string {
  return `/pay/${token}`;
}

/** When a link made at `now` stops working: 48 hours on, or the pickup if that is sooner. */
export function paymentLinkExpiry(booking: Pick<Booking, 'trip'>, now: Date): Date {
  const limit = now.getTime() + PAYMENT_LINK_HOURS * 3_600_000;
  const pickup = brisbaneInstant(booking.trip.date, booking.trip.time)?.getTime() ?? limit;
  return new Date(Math.min(limit, pickup));
}

/** What a link can do now, as the customer and staff see it. */
export type PaymentLinkState =
  /** It can be paid. */
  | 'open'
  /** It was paid (or, for a booking link, the booking is paid). */
  | 'paid'
  /** Staff sent a newer link. */
  | 'replaced'
  /** Its 48 hours, or the pickup, passed. */
  | 'expired'
  /** The booking can no longer be paid this way (cancelled, or the balance changed). */
  | 'closed';

export function paymentLinkState(booking: Booking, link: PaymentLink, now: Date): PaymentLinkState {
  if (link.paidAt !== null) return 'paid';
  if (link.purpose === 'booking' && PAID_STATUSES.has(booking.status)) return 'paid';
  if (link.replacedAt !== null) return 'replaced';
  if (now.getTime() >= Date.parse(link.expiresAt)) return 'expired';
  if (link.purpose === 'booking') {
    return booking.status === 'DRAFT' || booking.status === 'REJECTED' ? 'open' : 'closed';
  }
  // A balance link pays what was owed when it was sent, and only while that much is still owed.
  const owed = fareBalanceCents(booking);
  return PAID_STATUSES.has(booking.status) && owed >= link.amountCents ? 'open' : 'closed';
}

/** The booking's newest link, if any. */
export function currentPaymentLink(booking: Booking): PaymentLink | null {
  return booking.paymentLinks?.at(-1) ?? null;
}

/** What can be paid by link now: the whole fare of an unpaid booking, or the balance owed. */
export function payableByLink(
  booking: Booking,
): { purpose: PaymentLink['purpose']; amountCents: number } | null {
  if (booking.status === 'DRAFT' || booking.status === 'REJECTED') {
    return booking.payment.intentId ? { purpose: 'booking', amountCents: booking.fareCents } : null;
  }
  if (booking.status !== 'CONFIRMED') return null;
  const owed = fareBalanceCents(booking);
  return owed > 0 ? { purpose: 'balance', amountCents: owed } : null;
}

export type IssuedLink =
  { ok: true; booking: Booking; link: PaymentLink; token: string } | { ok: false; message: string };

/**
 * A new link for what the booking can be paid now; the links sent before stop working. The
 * booking's pickup must still be ahead. A balance link sent before and opened has its payment
 * cancelled at the provider, so a card form still open on it can no longer charge it.
 */
export async function issuePaymentLink(
  bookingId: string,
  by: string,
  now: Date = new Date(),
): Promise<IssuedLink> {
  const secret = randomBytes(32).toString('base64url');
  const id = randomBytes(9).toString('base64url');
  const at = now.toISOString();
  let refusal: string | null = null;
  let replaced: PaymentLink[] = [];
  const updated = await getBookingStore().updateBooking(bookingId, (booking) => {
    refusal = null;
    replaced = [];
    const payable = payableByLink(booking);
    if (!payable) {
      refusal = 'Nothing is owed on this booking: there is nothing to pay by link.';
      return null;
    }
    const expiresAt = paymentLinkExpiry(booking, now);
    if (expiresAt.getTime() <= now.getTime()) {
      refusal = 'The pickup time has passed: a payment link can no longer be sent.';
      return null;
    }
    const links = (booking.paymentLinks ?? []).map((link) => {
      if (link.replacedAt !== null || link.paidAt !== null) return link;
      replaced.push(link);
      return { ...link, replacedAt: at };
    });
    const link: PaymentLink = {
      id,
      purpose: payable.purpose,
      tokenHash: sha256Hex(secret),
      amountCents: payable.amountCents,
      createdAt: at,
      createdBy: by,
      expiresAt: expiresAt.toISOString(),
      replacedAt: null,
      intentId: null,
      paidAt: null,
    };
    return touched({ ...booking, paymentLinks: [...links, link] }, at);
  });
  if (!updated) return { ok: false, message: refusal ?? 'There is no such booking.' };
  for (const old of replaced as PaymentLink[]) {
    if (old.purpose === 'balance' && old.intentId) await cancelLinkIntent(old.intentId, bookingId);
  }
  const link = updated.paymentLinks!.at(-1)!;
  return { ok: true, booking: updated, link, token: `${updated.id}.${secret}` };
}

async function cancelLinkIntent(intentId: string, bookingId: string): Promise<void> {
  try {
    await getPaymentGateway().cancelPaymentIntent(intentId);
  } catch (error) {
    // The link is replaced in the store either way: its page no longer takes a card.
    log.error('The payment of a replaced link could not be cancelled', { bookingId, error });
  }
}

export type FoundLink =
  { state: 'unknown' } | { state: PaymentLinkState; booking: Booking; link: PaymentLink };

/**
 * The booking and link a link's address names, with what the link can do now. Anything else is
 * `unknown`, however it is wrong (the same answer, in about the same time).
 */
export async function findPaymentLink(token: string, now: Date = new Date()): Promise<FoundLink> {
  const dot = token.indexOf('.');
  const bookingId = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  const given = Buffer.from(sha256Hex(secret), 'hex');
  if (dot < 0 || !BOOKING_ID_PATTERN.test(bookingId) || !SECRET_PATTERN.test(secret)) {
    return { state: 'unknown' };
  }
  const booking = await getBookingStore().getBooking(bookingId);
  let found: PaymentLink | null = null;
  for (const link of booking?.paymentLinks ?? []) {
    const wanted = Buffer.from(link.tokenHash, 'hex');
    if (wanted.length === given.length && timingSafeEqual(wanted, given)) found = link;
  }
  if (!booking || !found) return { state: 'unknown' };
  return { state: paymentLinkState(booking, found, now), booking, link: found };
}

/**
 * The payment a link takes: the booking's intent for a booking link, the link's own intent (made
 * once, with the link's idempotency key) for a balance link.
 */
export async function linkPaymentIntent(
  booking: Booking,
  link: PaymentLink,
  now: Date = new Date(),
): Promise<{ booking: Booking; intent: PaymentIntentView }> {
  if (link.purpose === 'booking') return ensurePayment(booking, now);
  const gateway = getPaymentGateway();
  if (link.intentId) {
    const existing = await gateway.retrievePaymentIntent(link.intentId);
    if (existing) return { booking, intent: existing };
  }
  const intent = await gateway.createPaymentIntent(
    {
      bookingId: booking.id,
      bookingReferenceId: booking.reference,
      amountCents: link.amountCents,
      currency: 'aud',
      description: `Booking ${booking.reference}: balance after a change`,
      receiptEmail: (booking.contacts.booker ?? booking.contacts.passenger).email,
      paymentLinkId: link.id,
    },
    { idempotencyKey: `booking-${booking.id}-link-${link.id}` },
  );
  const updated = await getBookingStore().updateBooking(booking.id, (current) => {
    const links = current.paymentLinks ?? [];
    if (links.find((one) => one.id === link.id)?.intentId === intent.id) return null;
    return touched(
      {
        ...current,
        paymentLinks: links.map((one) =>
          one.id === link.id ? { ...one, intentId: intent.id } : one,
        ),
      },
      now.toISOString(),
    );
  });
  return { booking: updated ?? booking, intent };
}

/**
 * A balance link's payment as the provider has it now: a success whose webhook has not arrived
 * (or was lost) is applied here, server to server, once.
 */
export async function settleLinkFromProvider(
  booking: Booking,
  link: PaymentLink,
): Promise<Booking> {
  if (link.purpose !== 'balance' || !link.intentId || link.paidAt !== null) return booking;
  const intent = await getPaymentGateway().retrievePaymentIntent(link.intentId);
  if (intent?.status !== 'succeeded') return booking;
  const result = await processPaymentEvent({
    id: `retrieve_${intent.id}_succeeded`,
    providerType: 'payment_intent.retrieved',
    outcome: 'succeeded',
    occurredAt: new Date().toISOString(),
    paymentIntentId: intent.id,
    bookingId: booking.id,
    amountCents: intent.amount,
    currency: intent.currency,
    error: null,
    card: intent.card,
  });
  return result.booking ?? booking;
}

/** How paying a link went: paid, being processed, or refused with the reason the customer reads. */
export interface LinkPaymentAnswer {
  status: 'succeeded' | 'processing' | 'failed';
  /** Why it failed (a decline, a mistyped card); null when it did not, or when none is known. */
  message: string | null;
}

function answerOf(response: PaymentStatusResponse): LinkPaymentAnswer {
  if (PAID_STATUSES.has(response.status)) return { status: 'succeeded', message: null };
  if (response.payment.status === 'processing' || response.payment.status === 'succeeded') {
    return { status: 'processing', message: null };
  }
  return { status: 'failed', message: response.payment.error?.message ?? null };
}

/**
 * Pays an open link with a card on the server (the sandbox: the payment port's `confirm`). A
 * booking link is the widget's own payment (confirmCardPayment); a balance link confirms its own
 * intent and applies the outcome as a verified event. Either way the store must take a write
 * before the card is charged, and an intent already paid is never charged again.
 */
export async function payLinkWithCard(
  booking: Booking,
  link: PaymentLink,
  card: SandboxCard,
  termsAccepted: true | undefined,
  now: Date = new Date(),
): Promise<LinkPaymentAnswer> {
  const gateway = getPaymentGateway();
  if (!gateway.confirm) throw new BookingApiError(404, 'not_found', 'Not found.');
  if (link.purpose === 'booking') {
    return answerOf(await confirmCardPayment(booking, card, termsAccepted, now));
  }
  // Online payment closes an hour before the pickup, for a balance as for a booking.
  if (!stillPayable(booking, now)) {
    return { status: 'failed', message: messages.bookingApi.tooLateToPay(await supportPhone()) };
  }
  const { booking: held, intent } = await linkPaymentIntent(booking, link, now);
  await getBookingStore().probeWrite();
  const result = await gateway.confirm(intent.id, card, now);
  if (!result.event && result.intent.status === 'succeeded') {
    // Paid by an earlier attempt (a second tab, a double click): settled, never charged again.
    await settleLinkFromProvider(held, { ...link, intentId: intent.id });
    return { status: 'succeeded', message: null };
  }
  if (result.event) {
    try {
      await processPaymentEvent(result.event, now);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      deferSettlement(booking.id);
      log.error('A payment link outcome could not be saved; it is applied from the provider', {
        bookingId: booking.id,
        paymentIntentId: intent.id,
        error,
      });
      if (result.event.outcome === 'succeeded') return { status: 'processing', message: null };
    }
  }
  if (result.error) return { status: 'failed', message: result.error.message };
  return { status: 'succeeded', message: null };
}

/** Applies what the provider says of a link's payment when its page is opened again. */
export async function refreshLink(booking: Booking, link: PaymentLink): Promise<Booking> {
  if (link.purpose === 'balance') return settleLinkFromProvider(booking, link);
  const intentId = booking.payment.intentId;
  if (!intentId || PAID_STATUSES.has(booking.status)) return booking;
  const intent = await getPaymentGateway().retrievePaymentIntent(intentId);
  return settleOrDefer(booking, intent);
}

/** What staff see of a booking's payment links: the newest one's state, and whether a new one can go. */
export function paymentLinkView(booking: Booking, now: Date = new Date()) {
  const link = currentPaymentLink(booking);
  const payable = payableByLink(booking);
  const pickupAhead =
    (brisbaneInstant(booking.trip.date, booking.trip.time)?.getTime() ?? 0) > now.getTime();
  return {
    current: link
      ? {
          purpose: link.purpose,
          amountCents: link.amountCents,
          state: paymentLinkState(booking, link, now),
          createdAt: link.createdAt,
          createdBy: link.createdBy,
          expiresAt: link.expiresAt,
          paidAt: link.paidAt,
        }
      : null,
    sent: booking.paymentLinks?.length ?? 0,
    /** What a new link would collect, when one can be sent. */
    canSend: payable && pickupAhead ? payable : null,
  };
}
