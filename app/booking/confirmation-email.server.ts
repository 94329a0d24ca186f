// The booking confirmation email: sent once when a booking becomes CONFIRMED, to the passenger
// and, when booking on behalf, to the person who booked, each their own copy greeting them by
// name. It leads with "You're booked" and the trip, then the booking's tax invoice: the business's
// legal name, its address (when Site settings has one) and ABN, the invoice number
// (the booking reference) and date (the Queensland date of the payment), the customer, the trip
// with its stops in Queensland time, each fare line, the total and the GST it includes; with an
// .ics calendar file. Without a legal name and a valid ABN in siteSettings (getInvoiceIssuer) it
// is still sent, as a receipt (an invoice without an ABN is not a tax invoice), and a warning is
// logged.
//
// After staff change the trip at another price, what was charged stays as it was
// (docs/decisions/041-fare-adjustments-after-payment.md): the email states the fare paid (the tax
// invoice's lines and total), the fare after the changes, what is owed or due back, and each
// adjustment note (the change's own document: its number, the invoice it adjusts, the difference,
// the GST in it, the reason and the date). The email of a change is that change's adjustment note,
// with a calendar file that replaces the earlier one.
//
// "Exactly once" per recipient across replayed events, concurrent deliveries and several server
// instances: a process first claims the email on the booking (in a store transaction), sends each
// copy and records it as sent before the next, then records the whole as sent. A claim older than
// CLAIM_TTL_MS (a process that died mid-send) may be taken over, by the settle pass within minutes
// (app/booking/settle-pass.server.ts); copies already recorded are not sent again.
//
// The claim is a lease, so it must outlast the longest a live sender holds it between two writes:
// the content is read before claiming, each copy's send is bounded by the mailer
// (MAIL_SEND_TIMEOUT_MS) and each recorded copy renews the claim.
import {
  adjustmentNoteNumber,
  bookedMinutes,
  brisbaneInstant,
  childSeatCount,
  childSeatKindsText,
  describeLuggage,
  messages,
  placeText,
  formatDistance,
  formatDuration,
  formatPhone,
  todayInBrisbane,
  type Booking,
  type FareAdjustment,
} from '@business-chauffeur/booking-contract';
import { buildIcs } from '~/mail/ics.server';
import { getMailer } from '~/mail/mail.server';
import { MAIL_SEND_TIMEOUT_MS, type MailMessage } from '~/mail/mailer.server';
import {
  renderPlainEmail,
  type EmailBrand,
  type EmailRows,
  type EmailSection,
} from '~/mail/plain-email.server';
import { noteStaffNews } from '~/notify/staff-notices.server';
import { getBookingStore } from '~/store/store.server';
import { longDate } from '~/utils/booking-format';
import { manageBookingUrl, pickupText } from './email-phrases';
import { log } from '~/utils/log.server';
import type { Brand } from './tax-invoice.server';
import {
  adjustmentRows,
  balanceSentence,
  fareSections,
  invoiceRows,
  isTaxInvoice,
  loadInvoiceBrand,
  noteRows,
  noteWord,
  priceChanges,
} from './tax-invoice.server';

/**
 * How long a claim holds off other senders: four times the longest one copy may take to send, so
 * a live sender always renews it in time, and a crashed one's email is retried within minutes.
 */
export const CLAIM_TTL_MS = 4 * MAIL_SEND_TIMEOUT_MS;

/** Whose copy of the confirmation an email is: each greets the person it is sent to. */
export type ConfirmationAudience = 'passenger' | 'booker';

/**
 * Who gets a copy: the passenger, and the person who booked on their behalf when that is someone
 * with another email (one copy, the booker's, when both share an address).
 */
export function confirmationAudiences(booking: Booking): ConfirmationAudience[] {
  const { passenger, booker } = booking.contacts;
  if (!booker) return ['passenger'];
  if (booker.email.toLowerCase() === passenger.email.toLowerCase()) return ['booker'];
  return ['passenger', 'booker'];
}

/** The trip as the email and its calendar file describe it. */
function tripRows(booking: Booking): EmailRows {
  const { trip, route } = booking;
  const luggage = describeLuggage(trip);
  const { passenger, booker } = booking.contacts;
  return [
    ['Booking number', booking.reference],
    ['Pickup time', pickupText(trip.date, trip.time)],
    ['From', placeText(trip.pickup)],
    ...(trip.flightNumber
      ? [['Flight', messages.manageBooking.flightText(trip.flightNumber)] as [string, string]]
      : []),
    ...trip.stops.map((stop, index): [string, string] => [`Stop ${index + 1}`, placeText(stop)]),
    ['To', placeText(trip.drop)],
    ...(trip.byTheHour
      ? [['Booked for', `${trip.hours} ${trip.hours === 1 ? 'hour' : 'hours'}`] as [string, string]]
      : []),
    ['Estimated travel time', formatDuration(route.durationSeconds)],
    ['Total distance', formatDistance(route.distanceMeters)],
    ['Vehicle', booking.vehicle.name],
    ['Passengers', String(trip.passengers)],
    ...(childSeatCount(trip.childSeats) > 0
      ? [['Child seats', childSeatKindsText(trip.childSeats)] as [string, string]]
      : []),
    ...(trip.trailer ? [['Trailer', 'Yes'] as [string, string]] : []),
    ...(luggage ? [['Luggage', luggage] as [string, string]] : []),
    [
      'Passenger',
      `${passenger.firstName} ${passenger.lastName} (${formatPhone(passenger.countryCode, passenger.mobileNumber)})`,
    ],
    ...(booker
      ? [['Booked by', `${booker.firstName} ${booker.lastName}`] as [string, string]]
      : []),
    ...(trip.notes ? [['Booking notes', trip.notes] as [string, string]] : []),
  ];
}

/** The greeting's name, the recipient's email and the opening sentence of one copy. */
function addressing(booking: Booking, brand: Brand, audience: ConfirmationAudience) {
  const { passenger, booker } = booking.contacts;
  if (!booker) {
    return {
      to: passenger.email,
      name: passenger.firstName,
      intro: `Thank you for booking with ${brand.name}. Your ride is confirmed and paid.`,
    };
  }
  if (audience === 'booker') {
    return {
      to: booker.email,
      name: booker.firstName,
      intro: `Thank you for booking with ${brand.name}. The ride for ${passenger.firstName} ${passenger.lastName} is confirmed and paid.`,
    };
  }
  return {
    to: passenger.email,
    name: passenger.firstName,
    intro: `${booker.firstName} ${booker.lastName} has booked a ride for you with ${brand.name}. It is confirmed and paid.`,
  };
}

/** Which email: the confirmation (sent once when paid, and again when staff resend it), or a change's. */
export type ConfirmationVariant =
  | { kind: 'confirmed' }
  /** Staff changed the trip; `adjustment` is the one this change recorded, if it moved the fare. */
  | { kind: 'changed'; adjustment: FareAdjustment | null };

/**
 * One recipient's copy of the confirmation email (tax invoice, or receipt) of a CONFIRMED booking,
 * or of a change to it: the passenger's greets the passenger, the booker's the booker; the
 * documents are the same in both.
 */
export function buildConfirmationEmail(
  booking: Booking,
  brand: Brand,
  audience: ConfirmationAudience = confirmationAudiences(booking)[0]!,
  variant: ConfirmationVariant = { kind: 'confirmed' },
): MailMessage {
  const reference = booking.reference;
  const manageUrl = manageBookingUrl(brand.siteUrl, reference);
  const taxInvoice = isTaxInvoice(brand);
  const trips = tripRows(booking);
  const addressed = addressing(booking, brand, audience);
  const { to, name: greetingName } = addressed;
  const changed = variant.kind === 'changed';
  // A change that moved the price is its adjustment note; another change is only news.
  const note =
    changed && variant.adjustment && variant.adjustment.differenceCents !== 0
      ? variant.adjustment
      : null;
  // The confirmation leads with the news and the trip; the tax invoice (or receipt) follows it.
  const invoiceWord = taxInvoice ? 'Tax invoice' : 'Receipt';
  const heading = note
    ? { text: noteWord(taxInvoice), rows: noteRows(booking, note, brand, taxInvoice) }
    : changed
      ? null
      : { text: "You're booked", rows: [] };
  const invoice: EmailSection[] = changed
    ? []
    : [{ heading: invoiceWord, rows: invoiceRows(booking, brand, taxInvoice) }];
  const paragraphs = [
    changed
      ? `Your booking ${reference} has changed. The trip as it is now is below, with the fare you paid${
          booking.adjustments?.length ? ' and the fare after the change' : ''
        }.`
      : addressed.intro,
    ...(note
      ? [`This email is the ${noteWord(taxInvoice).toLowerCase()} for the change of fare.`]
      : []),
    ...[balanceSentence(booking, brand)].filter((line): line is string => line !== null),
    changed || booking.calendarSequence
      ? 'The attached calendar file replaces the one we sent before: open it to update the pickup in your calendar.'
      : 'The attached calendar file adds the pickup to your calendar.',
  ];
  // The resent confirmation carries every adjustment note after the tax invoice.
  const notes = changed ? (note ? [note] : []) : priceChanges(booking);
  const noteSections = notes.map((adjustment): EmailSection => ({
    heading: changed
      ? 'Change of fare'
      : `${noteWord(taxInvoice)} ${adjustmentNoteNumber(reference, adjustment.sequence)} of ${longDate(todayInBrisbane(new Date(adjustment.at)))}`,
    ...adjustmentRows(adjustment),
    amounts: true,
  }));

  const { text, html } = renderPlainEmail(brand, {
    title: note
      ? `${noteWord(taxInvoice)} for booking ${reference}`
      : changed
        ? `Booking ${reference} has changed`
        : `You're booked: ${invoiceWord.toLowerCase()} for booking ${reference}`,
    ...(heading ? { heading } : {}),
    greeting: `Hello ${greetingName},`,
    paragraphs,
    sections: [
      ...(changed ? noteSections : []),
      { heading: 'Trip', rows: trips },
      ...invoice,
      ...fareSections(booking),
      ...(changed ? [] : noteSections),
    ],
    action: { label: 'View your booking', url: manageUrl },
    footnotes: [
      'To see this booking at any time, open the link above and enter your booking number with this email address.',
      `To change or cancel the booking, call us on ${brand.phone} (24 hours a day, 7 days a week) or email ${brand.email}.`,
    ],
  });

  return {
    to: [to],
    replyTo: brand.email,
    subject: changed
      ? `Your ${brand.name} booking ${reference} has changed`
      : `Your ${brand.name} booking ${reference} is confirmed`,
    text,
    html,
    attachments: [bookingCalendarFile(booking, brand, trips, 'PUBLISH')],
  };
}

/**
 * The booking's calendar file: one event with the booking's UID, its SEQUENCE the number of staff
 * changes (and cancellation), so a calendar replaces the event it has; CANCEL removes it.
 */
export function bookingCalendarFile(
  booking: Booking,
  brand: Brand | EmailBrand,
  trips: EmailRows = tripRows(booking),
  method: 'PUBLISH' | 'CANCEL' = 'PUBLISH',
): NonNullable<MailMessage['attachments']>[number] {
  const { trip, route, reference } = booking;
  const manageUrl = manageBookingUrl(brand.siteUrl, reference);
  const start = brisbaneInstant(trip.date, trip.time) ?? new Date(booking.createdAt);
  const end = new Date(start.getTime() + bookedMinutes(trip, route) * 60_000);
  const host = new URL(brand.siteUrl).hostname;
  const recipients = [booking.contacts.passenger, booking.contacts.booker].filter(
    (contact) => contact !== null,
  );
  const ics = buildIcs(
    {
      uid: `${reference}@${host}`,
      method,
      start,
      end,
      summary: `${brand.name}: ${booking.vehicle.name} pickup`,
      location: placeText(trip.pickup),
      description: [
        `Booking number ${reference}`,
        ...trips.slice(2).map(([label, value]) => `${label}: ${value}`),
        `Manage your booking: ${manageUrl}`,
        `Call ${brand.phone}`,
      ].join('\n'),
      url: manageUrl,
      organizer: { name: brand.name, email: brand.email },
      // A cancellation names whom it removes the event for (RFC 5546, CANCEL).
      ...(method === 'CANCEL'
        ? {
            attendees: recipients.map((contact) => ({
              name: `${contact.firstName} ${contact.lastName}`,
              email: contact.email,
            })),
          }
        : { alarmMinutesBefore: 60 }),
      createdAt: new Date(booking.updatedAt),
      sequence: booking.calendarSequence ?? 0,
    },
    brand.name,
  );
  return {
    filename: `booking-${reference}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: ics,
  };
}

export interface EmailOutcome {
  booking: Booking;
  /** False only when the email was due and could not be sent. */
  delivered: boolean;
}

/**
 * Sends the confirmation email of a CONFIRMED booking, one copy per recipient, unless it was sent
 * (or is being sent). Each copy sent is recorded before the next is tried, so a retry after a
 * failure part-way sends only the copies still missing.
 */
export async function ensureConfirmationEmail(
  booking: Booking,
  now: Date = new Date(),
): Promise<EmailOutcome> {
  if (booking.status !== 'CONFIRMED' || booking.confirmationEmail.sentAt) {
    return { booking, delivered: true };
  }
  // Read before claiming: a slow CMS must not eat into the claim's lifetime.
  let issuer: Brand;
  try {
    issuer = await loadInvoiceBrand();
  } catch (error) {
    log.error('The booking confirmation email could not be sent', { bookingId: booking.id, error });
    return { booking, delivered: false };
  }
  const store = getBookingStore();
  let claimedAt = now.toISOString();
  let claimed = false;
  const claimedBooking = await store.updateBooking(booking.id, (current) => {
    claimed = false;
    const email = current.confirmationEmail;
    if (current.status !== 'CONFIRMED' || email.sentAt) return null;
    if (email.claimedAt && now.getTime() - Date.parse(email.claimedAt) < CLAIM_TTL_MS) return null;
    claimed = true;
    return { ...current, confirmationEmail: { ...email, claimedAt } };
  });
  if (!claimed || !claimedBooking) return { booking: claimedBooking ?? booking, delivered: true };
  // The first to claim a newly confirmed booking's email tells the operations inbox too (queued
  // once per booking, whoever claims again after a failure): app/notify/staff-notices.server.ts.
  await noteStaffNews(claimedBooking, 'new-booking', 'paid', { now });

  let latest = claimedBooking;
  try {
    for (const audience of confirmationAudiences(claimedBooking)) {
      const message = buildConfirmationEmail(claimedBooking, issuer, audience);
      const recipient = message.to[0]!.toLowerCase();
      if (latest.confirmationEmail.sentTo?.includes(recipient)) continue;
      const sent = await getMailer().send(message);
      // Recorded at once, and the claim renewed while it is still this sender's.
      const renewedAt = new Date().toISOString();
      const held = claimedAt;
      latest =
        (await store.updateBooking(booking.id, (current) => ({
          ...current,
          confirmationEmail: {
            ...current.confirmationEmail,
            claimedAt:
              current.confirmationEmail.claimedAt === held
                ? renewedAt
                : current.confirmationEmail.claimedAt,
            messageId: current.confirmationEmail.messageId ?? sent.messageId,
            sentTo: [...(current.confirmationEmail.sentTo ?? []), recipient],
          },
        }))) ?? latest;
      if (latest.confirmationEmail.claimedAt !== renewedAt) {
        // Another sender took the claim over (this one was held up past its lifetime): it sends
        // what is still missing.
        return { booking: latest, delivered: true };
      }
      claimedAt = renewedAt;
    }
    const done = await store.updateBooking(booking.id, (current) => ({
      ...current,
      confirmationEmail: { ...current.confirmationEmail, sentAt: new Date().toISOString() },
    }));
    return { booking: done ?? latest, delivered: true };
  } catch (error) {
    log.error('The booking confirmation email could not be sent', {
      bookingId: booking.id,
      error,
    });
    // Release the claim so the next attempt (a webhook retry, a status check, the settle pass)
    // sends what is left.
    const held = claimedAt;
    const released = await store
      .updateBooking(booking.id, (current) =>
        current.confirmationEmail.sentAt || current.confirmationEmail.claimedAt !== held
          ? null
          : { ...current, confirmationEmail: { ...current.confirmationEmail, claimedAt: null } },
      )
      .catch(() => null);
    return { booking: released ?? latest, delivered: false };
  }
}
