// Sends a payment link to the customer: an email to the person who pays (the one who booked on
// someone's behalf, else the passenger) and, when a mobile is on the booking, a text message
// through the jobs queue (the `sms` job kind, once per link). The link's address is in both and
// nowhere else: the store keeps only its hash. A failure is logged and told to staff, who can send
// a new link; the link itself stands.
import { toE164, type Booking, type PaymentLink } from '@business-chauffeur/booking-contract';
import { enqueueTextMessage } from '~/jobs/sms-job.server';
import { getMailer } from '~/mail/mail.server';
import { loadEmailBrand, renderPlainEmail } from '~/mail/plain-email.server';
import { formatMoneyWithCode } from '@business-chauffeur/booking-contract';
import { queenslandTimestamp } from '~/utils/booking-format';
import { log } from '~/utils/log.server';
import { pickupText } from './email-phrases';
import { paymentLinkPath } from './payment-links.server';

export interface SentLink {
  emailed: boolean;
  /** Whether a text message was queued (false when the booking has no mobile, or it failed). */
  texted: boolean;
}

export async function sendPaymentLink(
  booking: Booking,
  link: PaymentLink,
  token: string,
): Promise<SentLink> {
  const payer = booking.contacts.booker ?? booking.contacts.passenger;
  const brand = await loadEmailBrand();
  const url = `${brand.siteUrl}${paymentLinkPath(token)}`;
  const amount = formatMoneyWithCode(link.amountCents);
  const until = queenslandTimestamp(link.expiresAt);
  const what =
    link.purpose === 'booking'
      ? `your booking ${booking.reference}`
      : `the balance of booking ${booking.reference} after its change`;
  let emailed = false;
  try {
    const { text, html } = renderPlainEmail(brand, {
      title: `Payment for booking ${booking.reference}`,
      greeting: `Hello ${payer.firstName},`,
      paragraphs: [
        link.purpose === 'booking'
          ? `Thank you for booking with us by phone. Your booking ${booking.reference} is held for you: pay ${amount} with the secure link below to confirm it. We email your confirmation as soon as it is paid.`
          : `Your booking ${booking.reference} was changed and its fare is now higher: ${amount} is owed. Pay it with the secure link below; the payment you made before stays as it was.`,
        `The link works once, until ${until} (Queensland time). After that, call us and we will send a new one.`,
      ],
      details: [
        ['Booking number', booking.reference],
        ['Pickup', pickupText(booking.trip.date, booking.trip.time)],
        ['From', booking.trip.pickup.description],
        ['To', booking.trip.drop.description],
        ['Vehicle', booking.vehicle.name],
        ['To pay', amount],
      ],
      action: { label: `Pay ${amount}`, url },
      footnotes: [
        `Did not expect this email? Do not pay: call us on ${brand.phone} or email ${brand.email}.`,
      ],
    });
    await getMailer().send({
      to: [payer.email],
      replyTo: brand.email,
      subject: `Pay ${amount} for ${what}`,
      text,
      html,
    });
    emailed = true;
  } catch (error) {
    log.error('The payment link could not be emailed', { bookingId: booking.id, error });
  }
  let texted = false;
  if (payer.mobileNumber.replace(/\D/g, '')) {
    try {
      await enqueueTextMessage({
        to: toE164(payer.countryCode, payer.mobileNumber),
        text: `${brand.name}: pay ${amount} for booking ${booking.reference} by ${until}: ${url}`,
        ledgerKey: `booking-${booking.id}:payment-link:${link.id}`,
      });
      texted = true;
    } catch (error) {
      log.error('The payment link text message could not be queued', {
        bookingId: booking.id,
        error,
      });
    }
  }
  return { emailed, texted };
}
