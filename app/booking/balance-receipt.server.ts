// The email a customer gets when they pay the balance a change left owed, by its payment link
// (docs/decisions/060-balance-payments-beside-the-charge.md): what was paid, that nothing more is
// owed, and the booking. Sent once, when the store records the link paid; a mail failure is logged
// (the payment stands, and /manage-booking shows the balance settled).
import {
  fareBalanceCents,
  type Booking,
  type PaymentLink,
} from '@business-chauffeur/booking-contract';
import { getMailer } from '~/mail/mail.server';
import { loadEmailBrand, renderPlainEmail } from '~/mail/plain-email.server';
import { formatMoneyWithCode } from '@business-chauffeur/booking-contract';
import { log } from '~/utils/log.server';
import { manageBookingUrl, pickupText } from './email-phrases';

export async function sendBalanceReceipt(booking: Booking, link: PaymentLink): Promise<void> {
  const payer = booking.contacts.booker ?? booking.contacts.passenger;
  const amount = formatMoneyWithCode(link.amountCents);
  const owed = fareBalanceCents(booking);
  try {
    const brand = await loadEmailBrand();
    const { text, html } = renderPlainEmail(brand, {
      title: `Payment received for booking ${booking.reference}`,
      greeting: `Hello ${payer.firstName},`,
      paragraphs: [
        `Thank you: we have received ${amount} for the change to booking ${booking.reference}.`,
        owed > 0
          ? `${formatMoneyWithCode(owed)} is still owed on the booking: we will be in touch about it.`
          : 'Nothing more is owed on this booking.',
      ],
      details: [
        ['Booking number', booking.reference],
        ['Pickup', pickupText(booking.trip.date, booking.trip.time)],
        ['Paid now', amount],
      ],
      action: {
        label: 'View your booking',
        url: manageBookingUrl(brand.siteUrl, booking.reference),
      },
      footnotes: [
        `Questions about this payment? Call us on ${brand.phone} or email ${brand.email}.`,
      ],
    });
    await getMailer().send({
      to: [payer.email],
      replyTo: brand.email,
      subject: `Payment of ${amount} received for your ${brand.name} booking ${booking.reference}`,
      text,
      html,
    });
  } catch (error) {
    log.error('The balance payment receipt could not be sent', { bookingId: booking.id, error });
  }
}
