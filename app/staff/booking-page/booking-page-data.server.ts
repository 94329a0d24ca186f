// What the staff booking page loads: the booking as the customer sees it, its people, payments,
// refunds, changes, a timeline of what happened, dispatch and the payment link. Staff only.
import {
  adjustmentGstCents,
  adjustmentNoteNumber,
  brisbaneInstant,
  formatPhone,
  type Booking,
  type ContactDetails,
  formatMoney,
  formatMoneyWithCode,
} from '@business-chauffeur/booking-contract';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { toBookingView } from '~/booking/booking-record.server';
import { paymentLinkView } from '~/booking/payment-links.server';
import { refundedFromText } from '~/booking/refund-charges.server';
import { bookingDispatchView } from '~/dispatch/booking-dispatch.server';
import { getDispatchSettings } from '~/dispatch/dispatch-settings.server';
import { markBookingSeen } from '~/notify/staff-notices.server';
import { cancellationNoticeHours, suggestCancellation } from '~/staff/booking-actions.server';
import { newFormKey } from '~/staff/booking-page-action.server';
import { requireStaff } from '~/staff/staff-access.server';
import { staffBooking } from '~/staff/staff-bookings.server';
import { paidCents, refundableCents } from '~/staff/refunds.server';
import { auditSentence } from '~/staff/audit-sentence.server';
import type { AuditEntry } from '~/store/audit-log-store.server';
import { queenslandTimestamp } from '~/utils/booking-format';

import { notFound } from '~/utils/not-found.server';

function person(contact: ContactDetails) {
  return {
    name: `${contact.firstName} ${contact.lastName}`,
    email: contact.email,
    phone: formatPhone(contact.countryCode, contact.mobileNumber),
  };
}

/** What happened to the booking, oldest first. */
function timeline(booking: Booking, audit: AuditEntry[]) {
  const events: { at: string; text: string }[] = [
    { at: booking.createdAt, text: 'Booked' },
    ...booking.statusHistory.map((change) => ({ at: change.at, text: `Status ${change.status}` })),
    ...booking.paymentAttempts.map((attempt) => ({
      at: attempt.occurredAt,
      text:
        attempt.outcome === 'succeeded'
          ? `Paid ${formatMoneyWithCode(attempt.amountCents)}${attempt.cardLast4 ? ` (card ending ${attempt.cardLast4})` : ''}`
          : `Payment failed: ${attempt.errorMessage ?? attempt.errorCode ?? 'declined'}`,
    })),
    ...(booking.adjustments ?? []).map((adjustment) => ({
      at: adjustment.at,
      text: `Fare changed to ${formatMoneyWithCode(adjustment.totalCents)} by ${adjustment.by}`,
    })),
    ...(booking.confirmationEmail.sentAt
      ? [{ at: booking.confirmationEmail.sentAt, text: 'Confirmation email sent' }]
      : []),
    ...booking.cancellationRequests.map((request) => ({
      at: request.requestedAt,
      text: 'Cancellation requested on the website',
    })),
    ...audit.map((entry) => ({ at: entry.at, text: auditSentence(entry).sentence })),
  ];
  return events
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((event) => ({ ...event, when: queenslandTimestamp(event.at) }));
}

export async function loadStaffBookingPage({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const found = await staffBooking(params.reference ?? '');
  if (!found) notFound();
  const { booking, audit } = found;
  // Opened: its news is no longer "new" on the run sheet.
  await markBookingSeen(booking.id, staff.email);
  const view = toBookingView(booking);
  // What changes of fare leave to settle, while the booking stands (as the customer sees it).
  const balance = view.fareNow?.balanceCents ?? 0;
  return {
    reference: booking.reference,
    view,
    status: booking.status,
    partner: booking.partner,
    notes: booking.trip.notes,
    passenger: person(booking.contacts.passenger),
    booker: booking.contacts.booker ? person(booking.contacts.booker) : null,
    paid: formatMoneyWithCode(paidCents(booking)),
    // The customer's agreement to the policies before paying (none on bookings made before it).
    terms: booking.termsAcceptance
      ? {
          when: queenslandTimestamp(booking.termsAcceptance.at),
          revision: booking.termsAcceptance.revision,
        }
      : null,
    alerts: (booking.alerts ?? []).map((alert) => ({
      id: alert.id,
      detail: alert.detail,
      when: queenslandTimestamp(alert.at),
      handled:
        alert.handledAt === null
          ? null
          : {
              when: queenslandTimestamp(alert.handledAt),
              by: alert.handledBy ?? '',
              note: alert.handledNote ?? '',
            },
    })),
    refundable: refundableCents(booking),
    refundableText: formatMoneyWithCode(refundableCents(booking)),
    /** Above 0 the customer owes it; below 0 it is due back (a refund pays it back first). */
    balance,
    adjustments: (booking.adjustments ?? []).map((adjustment) => ({
      number: adjustmentNoteNumber(booking.reference, adjustment.sequence),
      when: queenslandTimestamp(adjustment.at),
      by: adjustment.by,
      reason: adjustment.reason,
      total: formatMoneyWithCode(adjustment.totalCents),
      difference: `${adjustment.differenceCents > 0 ? '+' : ''}${formatMoney(adjustment.differenceCents)}`,
      gst: formatMoney(adjustmentGstCents(adjustment)),
    })),
    refunds: (booking.refunds ?? []).map((refund) => ({
      key: refund.key,
      amount: formatMoneyWithCode(refund.amountCents),
      when: queenslandTimestamp(refund.requestedAt),
      by: refund.by,
      reason: refund.reason,
      status: refund.status,
      from: refundedFromText(booking, refund),
    })),
    audit: audit.map((entry) => ({
      id: entry.id,
      at: entry.at,
      when: queenslandTimestamp(entry.at),
      ...auditSentence(entry),
    })),
    timeline: timeline(booking, audit),
    // One refund (or cancellation) per form: sending a form twice acts once.
    refundKey: newFormKey(),
    cancel:
      booking.status === 'CONFIRMED'
        ? {
            key: newFormKey(),
            ...suggestCancellation(booking, await cancellationNoticeHours(booking), new Date()),
          }
        : null,
    trip: {
      pickup: booking.trip.pickup.description,
      pickupDetails: booking.trip.pickup.details ?? '',
      drop: booking.trip.drop.description,
      dropDetails: booking.trip.drop.details ?? '',
      vehicleId: booking.vehicle.id,
      date: booking.trip.date,
      time: booking.trip.time,
      passengers: String(booking.trip.passengers),
      notes: booking.trip.notes,
    },
    vehicleTypes: (await getDispatchSettings()).vehicleTypes
      .filter((type) => !type.archived || type.id === booking.vehicle.id)
      .map((type) => ({ value: type.id, label: type.title })),
    pickupPassed:
      (brisbaneInstant(booking.trip.date, booking.trip.time)?.getTime() ?? Infinity) <= Date.now(),
    dispatch: await bookingDispatchView(booking),
    paymentLink: paymentLinkView(booking),
  };
}
