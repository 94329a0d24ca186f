// Staff change a booking for the customer: date, time, passengers or notes. The trip is priced
// again by the same fare engine as a quote (the route measured again, the surcharges of the new
// date and time, the vehicle's capacity checked); a promo discount applied before is kept as it
// was, never above the new fare. Staff see the new price first and apply the change at that
// price only; a higher price is collected by phone, a lower one offered as a refund. The customer
// is emailed the new details with a calendar file that replaces the old one (same UID, the next
// SEQUENCE).
import { type Booking, type FareLine, type Trip } from '@business-chauffeur/booking-contract';
import {
  buildConfirmationEmail,
  confirmationAudiences,
  loadInvoiceBrand,
} from '~/booking/confirmation-email.server';
import { createQuote } from '~/booking/quotes.server';
import { getContentSource } from '~/content/content.server';
import { getMailer } from '~/mail/mail.server';
import { getPlaces } from '~/places/places-provider.server';
import { getAuditLogStore, getBookingStore } from '~/store/store.server';
import { log } from '~/utils/log.server';
import { paidCents } from './refunds.server';
import { centsAudText } from '~/utils/fare-summary';

export interface TripChange {
  date: string;
  time: string;
  passengers: number;
  notes: string;
}

export type ChangePreview =
  | {
      ok: true;
      lines: FareLine[];
      totalCents: number;
      paidCents: number;
      /** New total minus what the customer paid (net of refunds): above 0 to collect. */
      differenceCents: number;
    }
  | { ok: false; message: string };

const sum = (lines: readonly FareLine[]) =>
  lines.reduce((total, line) => total + line.amountCents, 0);

/** The booking's fare for the changed trip, or why its vehicle cannot take it. */
export async function previewChange(booking: Booking, change: TripChange): Promise<ChangePreview> {
  if (booking.status !== 'CONFIRMED') {
    return { ok: false, message: 'Only a confirmed booking can be changed.' };
  }
  const trip: Trip = { ...booking.trip, ...change };
  let quote;
  try {
    quote = await createQuote({ trip, places: getPlaces(), content: getContentSource() });
  } catch (error) {
    log.warn('A changed trip could not be priced', { bookingId: booking.id, error });
    return { ok: false, message: 'The changed trip could not be priced. Try again in a moment.' };
  }
  const card = quote.vehicles.find((vehicle) => vehicle.id === booking.vehicle.id);
  if (!card || card.totalCents === null || !card.canCarry) {
    return {
      ok: false,
      message:
        card?.unavailableReason ??
        `The ${booking.vehicle.name} cannot take this trip: choose fewer passengers or ask the customer to book another vehicle.`,
    };
  }
  const lines = [...card.lines];
  const discount = booking.fareLines.find((line) => line.kind === 'discount');
  if (discount) {
    lines.push({ ...discount, amountCents: Math.max(discount.amountCents, -sum(lines)) });
  }
  const totalCents = sum(lines);
  const paid = paidCents(booking) - (booking.refundCents ?? 0);
  return { ok: true, lines, totalCents, paidCents: paid, differenceCents: totalCents - paid };
}

export type ChangeOutcome =
  { ok: true; message: string } | { ok: false; message: string; preview?: ChangePreview };

/** Applies the change at the previewed total (`confirmCents`); another price is shown again. */
export async function applyChange(
  bookingId: string,
  change: TripChange,
  confirmCents: number,
  by: string,
): Promise<ChangeOutcome> {
  const current = await getBookingStore().getBooking(bookingId);
  if (!current) return { ok: false, message: 'There is no such booking.' };
  const preview = await previewChange(current, change);
  if (!preview.ok) return preview;
  if (preview.totalCents !== confirmCents) {
    return {
      ok: false,
      message: `The price changed to ${centsAudText(preview.totalCents)} since the preview: check it and apply again.`,
      preview,
    };
  }
  let before: Booking | null = null;
  const changed = await getBookingStore().updateBooking(bookingId, (booking) => {
    before = null;
    // Applied only to the booking the preview priced (no other change in between).
    if (booking.status !== 'CONFIRMED' || booking.updatedAt !== current.updatedAt) return null;
    before = booking;
    return {
      ...booking,
      trip: { ...booking.trip, ...change },
      fareLines: preview.lines,
      fareCents: preview.totalCents,
      calendarSequence: (booking.calendarSequence ?? 0) + 1,
      updatedAt: new Date().toISOString(),
    };
  });
  const old = before as Booking | null;
  if (!old || !changed) {
    return { ok: false, message: 'The booking changed meanwhile: check it and try again.' };
  }
  const fields = (booking: Booking) => ({
    date: booking.trip.date,
    time: booking.trip.time,
    passengers: booking.trip.passengers,
    notes: booking.trip.notes,
    fareCents: booking.fareCents,
  });
  try {
    await getAuditLogStore().record({
      at: new Date().toISOString(),
      by,
      action: 'change',
      subjectId: bookingId,
      subjectLabel: changed.reference,
      note: '',
      before: fields(old),
      after: fields(changed),
    });
  } catch (error) {
    log.error('A change could not be written to the audit log', { bookingId, error });
  }
  try {
    const brand = await loadInvoiceBrand();
    for (const audience of confirmationAudiences(changed)) {
      await getMailer().send(buildConfirmationEmail(changed, brand, audience, 'changed'));
    }
  } catch (error) {
    log.error('The changed booking could not be emailed', { bookingId, error });
  }
  const price = centsAudText(preview.totalCents);
  const difference = preview.differenceCents;
  return {
    ok: true,
    message:
      difference > 0
        ? `Booking ${changed.reference} is changed and the customer emailed. The new price is ${price}: collect the ${centsAudText(difference)} more by phone.`
        : difference < 0
          ? `Booking ${changed.reference} is changed and the customer emailed. The new price is ${price}: ${centsAudText(-difference)} less than was paid; refund it below if the customer asks.`
          : `Booking ${changed.reference} is changed and the customer emailed. The price is the same.`,
  };
}
