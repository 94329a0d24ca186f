// Staff send a payment link from a booking's page: for an unpaid booking taken by phone, or for
// the balance a change left owed (docs/decisions/059-payment-links.md). A new link replaces the
// one sent before, which stops working; the audit log keeps who sent which and for how much.
import { sendPaymentLink } from '~/booking/payment-link-message.server';
import { issuePaymentLink } from '~/booking/payment-links.server';
import { getAuditLogStore } from '~/store/store.server';
import { formatMoneyWithCode } from '@business-chauffeur/booking-contract';
import { log } from '~/utils/log.server';

export async function sendLinkFromStaff(
  bookingId: string,
  by: string,
  now: Date = new Date(),
): Promise<{ ok: true; message: string } | { ok: false; message: string }> {
  const issued = await issuePaymentLink(bookingId, by, now);
  if (!issued.ok) return issued;
  const { booking, link } = issued;
  const sent = await sendPaymentLink(booking, link, issued.token);
  try {
    await getAuditLogStore().record({
      at: now.toISOString(),
      by,
      action: 'payment-link',
      subjectId: booking.id,
      subjectLabel: booking.reference,
      note:
        link.purpose === 'booking'
          ? 'Payment link for the booking'
          : 'Payment link for the balance',
      before: {},
      after: { amountCents: link.amountCents, expiresAt: link.expiresAt, emailed: sent.emailed },
    });
  } catch (error) {
    log.error('A payment link could not be written to the audit log', { bookingId, error });
  }
  const amount = formatMoneyWithCode(link.amountCents);
  if (!sent.emailed) {
    return {
      ok: true,
      message: `A payment link for ${amount} was made, but it could not be emailed. Try sending a new one in a moment.`,
    };
  }
  return {
    ok: true,
    message: `A payment link for ${amount} was emailed${sent.texted ? ' and texted' : ''} to the customer. Links sent before no longer work.`,
  };
}
