// Alerts: what happened to a booking that only staff can settle (a verified payment for another
// amount than the booking's price, a promo code paid past its rule), recorded on the booking in
// the same store transaction as the event that raised it, emailed to the bookings inbox, listed on
// the staff pages until someone marks it handled with a note (audit-logged). Nothing is left as a
// silent DRAFT: docs/decisions/040-payments-that-need-staff.md.
import { type Booking, type BookingAlert } from '@business-chauffeur/booking-contract';
import { manageBookingUrl } from '~/booking/email-phrases';
import { getMailer } from '~/mail/mail.server';
import { loadEmailBrand, renderPlainEmail } from '~/mail/plain-email.server';
import { getAuditLogStore, getBookingStore } from '~/store/store.server';
import { staffMessages } from '~/staff/staff-forms';
import { getConfig } from '~/utils/env.server';
import { log } from '~/utils/log.server';

/** The booking with the alert added, or unchanged when one with its id is there already. */
export function withAlert(booking: Booking, alert: BookingAlert): Booking {
  if (booking.alerts?.some((raised) => raised.id === alert.id)) return booking;
  return { ...booking, alerts: [...(booking.alerts ?? []), alert] };
}

/** A new, unhandled alert. */
export function newAlert(
  fields: Pick<BookingAlert, 'id' | 'kind' | 'detail' | 'amountCents'>,
  at: string,
): BookingAlert {
  return { ...fields, at, handledAt: null, handledBy: null, handledNote: null };
}

const SUBJECTS: Record<BookingAlert['kind'], string> = {
  payment_amount_differs: 'A payment needs action',
  promo_code_overused: 'A promo code was paid past its rule',
};

/**
 * Tells the bookings inbox (STAFF_EMAIL) and the error log. A failed email is logged, never
 * thrown: the alert is on the booking and shown to staff whatever happens to the email.
 */
export async function notifyStaffOfAlert(booking: Booking, alert: BookingAlert): Promise<void> {
  log.error(`Booking alert: ${alert.detail}`, {
    bookingId: booking.id,
    bookingReferenceId: booking.reference,
    alert: alert.kind,
    alertId: alert.id,
  });
  try {
    const brand = await loadEmailBrand();
    const subject = `${SUBJECTS[alert.kind]}: booking ${booking.reference}`;
    const passenger = booking.contacts.passenger;
    const { text, html } = renderPlainEmail(brand, {
      title: subject,
      paragraphs: [
        alert.detail,
        'Open the booking on the staff pages, settle it, then mark the alert handled.',
      ],
      details: [
        ['Booking number', booking.reference],
        ['Passenger', `${passenger.firstName} ${passenger.lastName} (${passenger.email})`],
        ['Pickup', `${booking.trip.date} ${booking.trip.time}`],
        ['Raised', alert.at],
      ],
      action: {
        label: 'Open the booking',
        url: new URL(`/staff/bookings/${booking.reference}`, brand.siteUrl).href,
      },
      footnotes: [`The customer's own page: ${manageBookingUrl(brand.siteUrl, booking.reference)}`],
    });
    await getMailer().send({ to: [getConfig().mail.staff], subject, text, html });
  } catch (error) {
    log.error('Staff could not be emailed about a booking alert', { bookingId: booking.id, error });
  }
}

/** Records an alert on a booking (once per id) and tells staff when it is new. */
export async function raiseAlert(
  bookingId: string,
  fields: Pick<BookingAlert, 'id' | 'kind' | 'detail' | 'amountCents'>,
  now: Date = new Date(),
): Promise<Booking | null> {
  let added = false;
  const alert = newAlert(fields, now.toISOString());
  const booking = await getBookingStore().updateBooking(bookingId, (current) => {
    const next = withAlert(current, alert);
    added = next !== current;
    return added ? next : null;
  });
  if (booking && added) await notifyStaffOfAlert(booking, alert);
  return booking;
}

export type HandleAlertOutcome = { ok: true; message: string } | { ok: false; message: string };

/** Staff mark an alert handled, saying what they did; the audit log keeps who and when. */
export async function handleAlert(request: {
  bookingId: string;
  alertId: string;
  note: string;
  by: string;
  now?: Date;
}): Promise<HandleAlertOutcome> {
  const note = request.note.trim();
  if (!note) return { ok: false, message: staffMessages.alertNoteRequired };
  const at = (request.now ?? new Date()).toISOString();
  let handled: BookingAlert | null = null;
  const booking = await getBookingStore().updateBooking(request.bookingId, (current) => {
    handled = null;
    const alert = current.alerts?.find((raised) => raised.id === request.alertId);
    if (!alert || alert.handledAt !== null) return null;
    handled = { ...alert, handledAt: at, handledBy: request.by, handledNote: note };
    return {
      ...current,
      alerts: (current.alerts ?? []).map((raised) => (raised.id === alert.id ? handled! : raised)),
      updatedAt: at,
    };
  });
  const done = handled as BookingAlert | null;
  if (!booking || !done) {
    return { ok: false, message: 'This alert is handled already.' };
  }
  try {
    await getAuditLogStore().record({
      at,
      by: request.by,
      action: 'alert-handled',
      subjectId: booking.id,
      subjectLabel: booking.reference,
      note,
      before: { alert: done.kind, detail: done.detail },
      after: { handled: true },
    });
  } catch (error) {
    log.error('A handled alert could not be written to the audit log', {
      bookingId: booking.id,
      error,
    });
  }
  return { ok: true, message: `The alert on booking ${booking.reference} is marked handled.` };
}
