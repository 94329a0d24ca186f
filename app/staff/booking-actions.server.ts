// What staff do to a booking besides refunding it: cancel it (the cancellation policy suggests the
// refund of what is left to refund, staff may give another with a reason), mark it completed or a
// no-show once its pickup time has passed, and send the confirmation email again. Each status
// change happens in the booking's store transaction and only from CONFIRMED, so two staff members
// cannot both cancel (or cancel and complete) one booking; each action writes its audit entry.
// Cancelling also marks the customer's open cancellation request handled, and its email carries
// the calendar file that removes the pickup (same UID, the next SEQUENCE, CANCEL).
import { brisbaneInstant, withStatus, type Booking } from '@business-chauffeur/booking-contract';
import {
  bookingCalendarFile,
  buildConfirmationEmail,
  confirmationAudiences,
} from '~/booking/confirmation-email.server';
import { loadInvoiceBrand } from '~/booking/tax-invoice.server';
import { manageBookingUrl } from '~/booking/email-phrases';
import { getContentSource } from '~/content/content.server';
import { vehicleCancellationNoticeQuery } from '~/content/rules-queries.server';
import { releaseCancelledJob } from '~/dispatch/assignment.server';
import { getMailer } from '~/mail/mail.server';
import { loadEmailBrand, renderPlainEmail } from '~/mail/plain-email.server';
import { getAuditLogStore, getBookingStore } from '~/store/store.server';
import { log } from '~/utils/log.server';
import { cancellationState } from '~/store/booking-staff-index.server';
import { CANCELLATION_AUDIT_ACTION } from './inboxes.server';
import { refundableCents, refundBooking } from './refunds.server';
import { formatMoneyWithCode } from '@business-chauffeur/booking-contract';

const HOUR_MS = 60 * 60 * 1000;

/** What the cancellation policy suggests for cancelling now: a refund, and the rule that gave it. */
export interface CancellationSuggestion {
  refundCents: number;
  rule: string;
}

/**
 * The policy: a full refund (of what is left) when cancelled at least the vehicle's notice period
 * before pickup, nothing later, nothing ever for a vehicle without a notice period.
 */
export function suggestCancellation(
  booking: Booking,
  noticeHours: number | null,
  now: Date,
): CancellationSuggestion {
  const left = refundableCents(booking);
  const vehicle = booking.vehicle.name;
  if (noticeHours === null) {
    return { refundCents: 0, rule: `${vehicle} bookings are not refunded on cancellation.` };
  }
  const pickup = brisbaneInstant(booking.trip.date, booking.trip.time);
  const hoursLeft = pickup ? (pickup.getTime() - now.getTime()) / HOUR_MS : 0;
  const period = `${noticeHours} ${noticeHours === 1 ? 'hour' : 'hours'}`;
  return hoursLeft >= noticeHours
    ? { refundCents: left, rule: `Cancelled at least ${period} before pickup: a full refund.` }
    : { refundCents: 0, rule: `Cancelled less than ${period} before pickup: no refund.` };
}

/** The booking's vehicle's notice period from the CMS; null when it is never refunded. */
export async function cancellationNoticeHours(booking: Booking): Promise<number | null> {
  const vehicle = await getContentSource().fetch(vehicleCancellationNoticeQuery, {
    id: booking.vehicle.id,
  });
  return vehicle?.noticeHours ?? null;
}

export type ActionOutcome = { ok: true; message: string } | { ok: false; message: string };

async function audit(
  booking: Booking,
  by: string,
  action: string,
  note: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) {
  try {
    await getAuditLogStore().record({
      at: new Date().toISOString(),
      by,
      action,
      subjectId: booking.id,
      subjectLabel: booking.reference,
      note,
      before,
      after,
    });
  } catch (error) {
    log.error('A staff action could not be written to the audit log', {
      bookingId: booking.id,
      action,
      error,
    });
  }
}

/**
 * Moves a CONFIRMED booking to `status` in one transaction; null when it was not CONFIRMED. A
 * cancellation is one more change of the calendar event (its SEQUENCE goes up).
 */
async function fromConfirmed(
  bookingId: string,
  status: Booking['status'],
  allowed: (booking: Booking) => boolean = () => true,
  by = '',
): Promise<{ before: Booking; after: Booking } | null> {
  let before: Booking | null = null;
  const after = await getBookingStore().updateBooking(bookingId, (current) => {
    before = null;
    if (current.status !== 'CONFIRMED' || !allowed(current)) return null;
    before = current;
    const at = new Date().toISOString();
    const cancelled = status === 'CANCELLED';
    return {
      ...withStatus(current, status, at),
      ...(cancelled ? { calendarSequence: (current.calendarSequence ?? 0) + 1 } : {}),
      // Cancelling answers the customer's open request to cancel.
      ...(cancelled && cancellationState(current) === 'open'
        ? { cancellationHandled: { at, by, note: CANCELLED_NOTE } }
        : {}),
      updatedAt: at,
    };
  });
  const found = before as Booking | null;
  return found && after ? { before: found, after } : null;
}

async function sendCancellationEmail(booking: Booking, refundCents: number) {
  const payer = booking.contacts.booker ?? booking.contacts.passenger;
  try {
    const brand = await loadEmailBrand();
    const { text, html } = renderPlainEmail(brand, {
      title: `Booking ${booking.reference} is cancelled`,
      greeting: `Hello ${payer.firstName},`,
      paragraphs: [
        `Your booking ${booking.reference} is cancelled: no car will come. The attached calendar file removes the pickup from your calendar.`,
        refundCents > 0
          ? `We have refunded ${formatMoneyWithCode(refundCents)} to the card you paid with. Refunds usually reach your card statement within 5 to 10 business days.`
          : 'Under our cancellation policy this cancellation is not refunded.',
      ],
      details: [
        ['Booking number', booking.reference],
        ['Refund', formatMoneyWithCode(refundCents)],
      ],
      action: {
        label: 'View your booking',
        url: manageBookingUrl(brand.siteUrl, booking.reference),
      },
      footnotes: [`Questions? Call us on ${brand.phone} or email ${brand.email}.`],
    });
    const to = [booking.contacts.passenger.email];
    if (booking.contacts.booker && booking.contacts.booker.email !== to[0]) {
      to.push(booking.contacts.booker.email);
    }
    await getMailer().send({
      to,
      replyTo: brand.email,
      subject: `Your ${brand.name} booking ${booking.reference} is cancelled`,
      text,
      html,
      // Removes the pickup from the calendar the confirmation's file added it to.
      attachments: [bookingCalendarFile(booking, brand, undefined, 'CANCEL')],
    });
  } catch (error) {
    log.error('The cancellation email could not be sent', { bookingId: booking.id, error });
  }
}

const CANCELLED_NOTE = 'Booking cancelled';

/**
 * The customer's open cancellation request (from /manage-booking), answered by the cancellation
 * (fromConfirmed marks it on the booking): one entry in the audit log, as "Mark handled" on
 * /staff/cancellations writes it.
 */
async function recordRequestHandled(changed: { before: Booking; after: Booking }, by: string) {
  if (cancellationState(changed.before) !== 'open') return;
  if (cancellationState(changed.after) !== 'handled') return;
  try {
    await getAuditLogStore().record({
      at: changed.after.cancellationHandled?.at ?? new Date().toISOString(),
      by,
      action: CANCELLATION_AUDIT_ACTION,
      subjectId: changed.after.id,
      subjectLabel: changed.after.reference,
      note: CANCELLED_NOTE,
      before: { handled: false },
      after: { handled: true },
    });
  } catch (error) {
    log.error('The handled cancellation request of a cancelled booking could not be logged', {
      bookingId: changed.after.id,
      error,
    });
  }
}

const NOT_CANCELLABLE: ActionOutcome = {
  ok: false,
  message: 'Only a confirmed booking can be cancelled.',
};

export interface CancelRequest {
  bookingId: string;
  /** What staff chose to refund, in cents. */
  refundCents: number;
  /** Required when the refund differs from the policy's suggestion. */
  reason: string;
  /** The form's key (the refund's idempotency key). */
  key: string;
  by: string;
  now?: Date;
}

export async function cancelBooking(request: CancelRequest): Promise<ActionOutcome> {
  const current = await getBookingStore().getBooking(request.bookingId);
  if (!current) return { ok: false, message: 'There is no such booking.' };
  if (current.status !== 'CONFIRMED') return NOT_CANCELLABLE;
  const now = request.now ?? new Date();
  const suggestion = suggestCancellation(current, await cancellationNoticeHours(current), now);
  if (request.refundCents !== suggestion.refundCents && !request.reason.trim()) {
    return {
      ok: false,
      message: `Give a reason for refunding ${formatMoneyWithCode(request.refundCents)} instead of the ${formatMoneyWithCode(suggestion.refundCents)} the cancellation policy suggests.`,
    };
  }
  if (request.refundCents > refundableCents(current)) {
    return {
      ok: false,
      message: `The most that can be refunded is ${formatMoneyWithCode(refundableCents(current))}.`,
    };
  }
  const changed = await fromConfirmed(request.bookingId, 'CANCELLED', undefined, request.by);
  if (!changed) return NOT_CANCELLABLE;
  const note = [request.reason.trim(), `Policy: ${suggestion.rule}`].filter(Boolean).join(' ');
  let refunded = 0;
  let refundProblem = '';
  if (request.refundCents > 0) {
    const refund = await refundBooking({
      bookingId: request.bookingId,
      amountCents: request.refundCents,
      reason: `Cancellation. ${note}`,
      key: request.key,
      by: request.by,
      notify: false,
    });
    if (refund.ok) refunded = refund.refund.amountCents;
    else refundProblem = ` The refund was not made: ${refund.message}`;
  }
  await audit(
    changed.after,
    request.by,
    'cancel',
    note,
    { status: 'CONFIRMED' },
    { status: 'CANCELLED', refundCents: refunded },
  );
  await recordRequestHandled(changed, request.by);
  // A cancelled booking frees its chauffeur and car.
  await releaseCancelledJob(request.bookingId, request.by);
  await sendCancellationEmail(changed.after, refunded);
  return {
    ok: refundProblem === '',
    message: `Booking ${changed.after.reference} is cancelled${refunded > 0 ? ` and ${formatMoneyWithCode(refunded)} refunded` : ', with no refund'}. The customer has been emailed.${refundProblem}`,
  };
}

/** Marks a CONFIRMED booking COMPLETED or NO_SHOW, once its pickup time has passed. */
export async function markOutcome(
  bookingId: string,
  status: 'COMPLETED' | 'NO_SHOW',
  by: string,
  now = new Date(),
): Promise<ActionOutcome> {
  const started = (booking: Booking) => {
    const pickup = brisbaneInstant(booking.trip.date, booking.trip.time);
    return pickup !== undefined && pickup.getTime() <= now.getTime();
  };
  const changed = await fromConfirmed(bookingId, status, started);
  if (!changed) {
    return {
      ok: false,
      message: 'Only a confirmed booking whose pickup time has passed can be marked so.',
    };
  }
  await audit(
    changed.after,
    by,
    status === 'COMPLETED' ? 'completed' : 'no-show',
    '',
    {
      status: 'CONFIRMED',
    },
    { status },
  );
  return {
    ok: true,
    message: `Booking ${changed.after.reference} is marked ${status === 'COMPLETED' ? 'completed' : 'a no-show'}.`,
  };
}

/** Sends the confirmation email again, each recipient their copy (the record of the first stays). */
export async function resendConfirmation(bookingId: string, by: string): Promise<ActionOutcome> {
  const booking = await getBookingStore().getBooking(bookingId);
  if (!booking || booking.status !== 'CONFIRMED') {
    return { ok: false, message: 'Only a confirmed booking has a confirmation to send.' };
  }
  const brand = await loadInvoiceBrand();
  const sentTo: string[] = [];
  try {
    for (const audience of confirmationAudiences(booking)) {
      const message = buildConfirmationEmail(booking, brand, audience);
      await getMailer().send(message);
      sentTo.push(...message.to);
    }
  } catch (error) {
    log.error('The confirmation email could not be sent again', { bookingId, error });
    return { ok: false, message: 'The email could not be sent. Try again in a moment.' };
  } finally {
    if (sentTo.length > 0) {
      await audit(booking, by, 'resend-confirmation', '', {}, { sentTo });
    }
  }
  return { ok: true, message: `The confirmation email was sent again to ${sentTo.join(' and ')}.` };
}
