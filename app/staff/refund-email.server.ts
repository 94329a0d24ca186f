// The email that tells the customer about a refund: to the person who paid (the one who booked
// on someone's behalf, else the passenger), with the amount, the booking's total refunded and when
// to expect it on their statement. A mail failure is logged; the refund stands either way, and
// /manage-booking shows it.
import { type Booking, type BookingRefund } from '@business-chauffeur/booking-contract';
import { manageBookingUrl } from '~/booking/email-phrases';
import { getMailer } from '~/mail/mail.server';
import { loadEmailBrand, renderPlainEmail } from '~/mail/plain-email.server';
import { log } from '~/utils/log.server';
import { formatMoneyWithCode } from '@business-chauffeur/booking-contract';

export async function sendRefundEmail(booking: Booking, refund: BookingRefund): Promise<void> {
  const payer = booking.contacts.booker ?? booking.contacts.passenger;
  try {
    const brand = await loadEmailBrand();
    const { text, html } = renderPlainEmail(brand, {
      title: `Refund for booking ${booking.reference}`,
      greeting: `Hello ${payer.firstName},`,
      paragraphs: [
        `We have refunded ${formatMoneyWithCode(refund.amountCents)} to the card you paid with for booking ${booking.reference}.`,
        'Refunds usually reach your card statement within 5 to 10 business days.',
      ],
      details: [
        ['Booking number', booking.reference],
        ['Refund', formatMoneyWithCode(refund.amountCents)],
        ['Total refunded', formatMoneyWithCode(booking.refundCents ?? refund.amountCents)],
      ],
      action: {
        label: 'View your booking',
        url: manageBookingUrl(brand.siteUrl, booking.reference),
      },
      footnotes: [
        `Questions about this refund? Call us on ${brand.phone} or email ${brand.email}.`,
      ],
    });
    await getMailer().send({
      to: [payer.email],
      replyTo: brand.email,
      subject: `Refund of ${formatMoneyWithCode(refund.amountCents)} for your ${brand.name} booking ${booking.reference}`,
      text,
      html,
    });
  } catch (error) {
    log.error('The refund email could not be sent', { bookingId: booking.id, error });
  }
}
