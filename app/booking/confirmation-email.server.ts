// The booking confirmation email: sent once when a booking becomes CONFIRMED, to the
// passenger and, when booking on behalf, to the person who booked. A plain branded message with a
// text part, the trip with its stops in Queensland time, and an .ics calendar file.
//
// "Exactly once" across replayed events, concurrent deliveries and several server instances: a
// process first claims the email on the booking (in a store transaction), sends, then records it
// as sent. A claim older than CLAIM_TTL_MS (a process that died mid-send) may be taken over.
import {
  bookedMinutes,
  brisbaneInstant,
  formatAud,
  formatDistance,
  formatDuration,
  type Booking,
} from '@business-chauffeur/booking-contract';
import { getSiteSettings } from '~/content/site-settings.server';
import { buildIcs } from '~/mail/ics.server';
import { getMailer } from '~/mail/mail.server';
import type { MailMessage } from '~/mail/mailer.server';
import { getBookingStore } from '~/store/store.server';
import { pickupDateTime } from '~/utils/booking-format';
import { getConfig } from '~/utils/env.server';
import { log } from '~/utils/log.server';

const CLAIM_TTL_MS = 10 * 60 * 1000;

export interface Brand {
  name: string;
  phone: string;
  email: string;
  siteUrl: string;
}

/** "Friday 14 March 2031 at 10:00 AM (Queensland time)". */
export function pickupText(date: string, time: string): string {
  return `${pickupDateTime(date, time)} (Queensland time)`;
}

export function manageBookingUrl(siteUrl: string, reference: string): string {
  return `${siteUrl}/manage-booking?bookingNumber=${encodeURIComponent(reference)}`;
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

function recipients(booking: Booking): string[] {
  const { passenger, booker } = booking.contacts;
  const list = [passenger.email];
  if (booker && booker.email.toLowerCase() !== passenger.email.toLowerCase()) {
    list.push(booker.email);
  }
  return list;
}

/** The confirmation email of a CONFIRMED booking. */
export function buildConfirmationEmail(booking: Booking, brand: Brand): MailMessage {
  const { trip, route } = booking;
  const { passenger, booker } = booking.contacts;
  const reference = booking.reference;
  const manageUrl = manageBookingUrl(brand.siteUrl, reference);

  const rows: [string, string][] = [
    ['Booking number', reference],
    ['Pickup time', pickupText(trip.date, trip.time)],
    ['From', trip.pickup.description],
    ...trip.stops.map((stop, index): [string, string] => [`Stop ${index + 1}`, stop.description]),
    ['To', trip.drop.description],
    ...(trip.byTheHour
      ? [['Booked for', `${trip.hours} ${trip.hours === 1 ? 'hour' : 'hours'}`] as [string, string]]
      : []),
    ['Estimated travel time', formatDuration(route.durationSeconds)],
    ['Total distance', formatDistance(route.distanceMeters)],
    ['Vehicle', booking.vehicle.name],
    ['Passengers', String(trip.passengers)],
    [
      'Passenger',
      `${passenger.firstName} ${passenger.lastName} (${passenger.countryCode} ${passenger.mobileNumber})`,
    ],
    ...(booker
      ? [['Booked by', `${booker.firstName} ${booker.lastName}`] as [string, string]]
      : []),
    ...(trip.notes ? [['Booking notes', trip.notes] as [string, string]] : []),
    ['Amount paid', `${formatAud(booking.payment.amountCents / 100)} AUD`],
  ];

  const greetingName = booker ? booker.firstName : passenger.firstName;
  const intro = booker
    ? `Thank you for booking with ${brand.name}. The ride for ${passenger.firstName} ${passenger.lastName} is confirmed and paid.`
    : `Thank you for booking with ${brand.name}. Your ride is confirmed and paid.`;
  const manageText = `To see this booking at any time, open ${manageUrl} and enter your booking number with this email address.`;
  const changeText = `To change or cancel the booking, call us on ${brand.phone} (24 hours a day, 7 days a week) or email ${brand.email}.`;
  const calendarText = 'The attached calendar file adds the pickup to your calendar.';

  const text = [
    `Hello ${greetingName},`,
    '',
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    calendarText,
    manageText,
    changeText,
    '',
    brand.name,
    `${brand.phone} · ${brand.email} · ${brand.siteUrl}`,
    '',
  ].join('\n');

  const cell = 'padding:6px 12px 6px 0;vertical-align:top;border-bottom:1px solid #dcd7cc;';
  const html = `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><title>${escapeHtml(`Booking ${reference} confirmed`)}</title></head>
<body style="margin:0;background:#f7f5f0;color:#0f1419;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7f5f0;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid #dcd7cc;">
<tr><td style="background:#0f1419;color:#b08d57;padding:20px 24px;font-family:Georgia,'Times New Roman',serif;font-size:24px;">${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:24px;">
<p style="margin:0 0 12px;">Hello ${escapeHtml(greetingName)},</p>
<p style="margin:0 0 20px;">${escapeHtml(intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:0 0 20px;">
${rows
  .map(
    ([label, value]) =>
      `<tr><th scope="row" align="left" style="${cell}font-weight:bold;white-space:nowrap;">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>
<p style="margin:0 0 12px;">${escapeHtml(calendarText)}</p>
<p style="margin:0 0 20px;"><a href="${escapeHtml(manageUrl)}" style="display:inline-block;background:#b08d57;color:#0f1419;padding:12px 20px;text-decoration:none;font-weight:bold;border-radius:6px;">View your booking</a></p>
<p style="margin:0 0 12px;">${escapeHtml(changeText)}</p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #dcd7cc;font-size:14px;color:#5b6168;">${escapeHtml(brand.name)} · ${escapeHtml(brand.phone)} · <a href="mailto:${escapeHtml(brand.email)}" style="color:#7a5c2e;">${escapeHtml(brand.email)}</a></td></tr>
</table></td></tr></table>
</body></html>`;

  const start = brisbaneInstant(trip.date, trip.time) ?? new Date(booking.createdAt);
  const end = new Date(start.getTime() + bookedMinutes(trip, route) * 60_000);
  const host = new URL(brand.siteUrl).hostname;
  const ics = buildIcs(
    {
      uid: `${reference}@${host}`,
      start,
      end,
      summary: `${brand.name}: ${booking.vehicle.name} pickup`,
      location: trip.pickup.description,
      description: [
        `Booking number ${reference}`,
        ...rows.slice(2).map(([label, value]) => `${label}: ${value}`),
        `Manage your booking: ${manageUrl}`,
        `Call ${brand.phone}`,
      ].join('\n'),
      url: manageUrl,
      organizer: { name: brand.name, email: brand.email },
      alarmMinutesBefore: 60,
      createdAt: new Date(booking.updatedAt),
    },
    brand.name,
  );

  return {
    to: recipients(booking),
    replyTo: brand.email,
    subject: `Your ${brand.name} booking ${reference} is confirmed`,
    text,
    html,
    attachments: [
      {
        filename: `booking-${reference}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: ics,
      },
    ],
  };
}

async function brand(): Promise<Brand> {
  const settings = await getSiteSettings();
  const config = getConfig();
  return {
    name: settings.name ?? 'Business Chauffeur',
    phone: settings.phone ?? '',
    email: settings.email ?? config.mail.staff,
    siteUrl: config.siteUrl,
  };
}

export interface EmailOutcome {
  booking: Booking;
  /** False only when the email was due and could not be sent. */
  delivered: boolean;
}

/** Sends the confirmation email of a CONFIRMED booking unless it was sent (or is being sent). */
export async function ensureConfirmationEmail(
  booking: Booking,
  now: Date = new Date(),
): Promise<EmailOutcome> {
  if (booking.status !== 'CONFIRMED' || booking.confirmationEmail.sentAt) {
    return { booking, delivered: true };
  }
  const store = getBookingStore();
  let claimed = false;
  const claimedBooking = await store.updateBooking(booking.id, (current) => {
    claimed = false;
    const email = current.confirmationEmail;
    if (current.status !== 'CONFIRMED' || email.sentAt) return null;
    if (email.claimedAt && now.getTime() - Date.parse(email.claimedAt) < CLAIM_TTL_MS) return null;
    claimed = true;
    return { ...current, confirmationEmail: { ...email, claimedAt: now.toISOString() } };
  });
  if (!claimed || !claimedBooking) return { booking: claimedBooking ?? booking, delivered: true };

  try {
    const sent = await getMailer().send(buildConfirmationEmail(claimedBooking, await brand()));
    const done = await store.updateBooking(booking.id, (current) => ({
      ...current,
      confirmationEmail: {
        claimedAt: current.confirmationEmail.claimedAt,
        sentAt: new Date().toISOString(),
        messageId: sent.messageId,
      },
    }));
    return { booking: done ?? claimedBooking, delivered: true };
  } catch (error) {
    log.error('The booking confirmation email could not be sent', {
      bookingId: booking.id,
      error,
    });
    // Release the claim so the next attempt (a webhook retry, a status check) sends it.
    const released = await store
      .updateBooking(booking.id, (current) =>
        current.confirmationEmail.sentAt
          ? null
          : { ...current, confirmationEmail: { ...current.confirmationEmail, claimedAt: null } },
      )
      .catch(() => null);
    return { booking: released ?? claimedBooking, delivered: false };
  }
}
