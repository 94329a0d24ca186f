import { formatMoneyWithCode } from '@business-chauffeur/booking-contract';
// The payment link section of the staff booking page: the link's state and the form that sends one.
import { Form } from '@remix-run/react';
import { FormAlert } from '~/components/form-field';
import type { paymentLinkView } from '~/booking/payment-links.server';
import { useSiteForm } from '~/forms/use-site-form';
import { paymentLinkFormSchema } from '~/staff/staff-forms';
import { queenslandTimestamp } from '~/utils/booking-format';

const LINK_STATES: Record<string, string> = {
  open: 'Waiting for payment',
  paid: 'Paid',
  replaced: 'Replaced by a newer link',
  expired: 'Expired',
  closed: 'No longer payable',
};

/**
 * The payment link: the newest one's state (what it collects, until when, paid or not) and the
 * button that sends a new one, which stops the one sent before.
 */
export function PaymentLinkSection({ link }: { link: ReturnType<typeof paymentLinkView> }) {
  const { form, formProps } = useSiteForm({ id: 'payment-link', schema: paymentLinkFormSchema });
  const { current, canSend } = link;
  if (!current && !canSend) return null;
  return (
    <section className="booking-card" aria-labelledby="payment-link-title">
      <h2 id="payment-link-title">Payment link</h2>
      {current ? (
        <dl className="booking-details">
          <div className="booking-details__row">
            <dt>For</dt>
            <dd>
              {current.purpose === 'booking' ? 'The booking' : 'The balance after a change'}:{' '}
              {formatMoneyWithCode(current.amountCents)}
            </dd>
          </div>
          <div className="booking-details__row">
            <dt>State</dt>
            <dd>{LINK_STATES[current.state]}</dd>
          </div>
          <div className="booking-details__row">
            <dt>Sent</dt>
            <dd>
              {queenslandTimestamp(current.createdAt)} by {current.createdBy}
            </dd>
          </div>
          <div className="booking-details__row">
            <dt>{current.paidAt ? 'Paid' : 'Works until'}</dt>
            <dd>{queenslandTimestamp(current.paidAt ?? current.expiresAt)}</dd>
          </div>
        </dl>
      ) : (
        <p>No payment link has been sent.</p>
      )}
      {canSend ? (
        <Form method="post" className="form" aria-labelledby="payment-link-title" {...formProps}>
          <FormAlert form={form} />
          <input type="hidden" name="intent" value="payment-link" />
          <p>
            A new link collects {formatMoneyWithCode(canSend.amountCents)}
            {current ? '; the link sent before stops working.' : '.'}
          </p>
          <button type="submit" className="button button--ghost">
            {current ? 'Send a new payment link' : 'Send a payment link'}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
