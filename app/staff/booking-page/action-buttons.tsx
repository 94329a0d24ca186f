// The staff booking page's buttons that need nothing typed (resend, completed, no-show) and the
// notice of the last action that finished.
import { Form } from '@remix-run/react';
import { FormAlert } from '~/components/form-field';
import { useSiteForm } from '~/forms/use-site-form';
import { simpleActionSchema } from '~/staff/staff-forms';
import { useStaffBookingAnswer } from './booking-page-answer';

/** The buttons that need nothing typed: each is a form of its own, working without JavaScript. */
export function ActionButtons({ pickupPassed }: { pickupPassed: boolean }) {
  const { form, formProps } = useSiteForm({ id: 'actions', schema: simpleActionSchema });
  const buttons = [
    { intent: 'resend', label: 'Resend confirmation email' },
    ...(pickupPassed
      ? [
          { intent: 'completed', label: 'Mark completed' },
          { intent: 'no-show', label: 'Mark no-show' },
        ]
      : []),
  ];
  return (
    <section className="booking-card" aria-labelledby="actions-title">
      <h2 id="actions-title">Booking actions</h2>
      <Form method="post" className="form" aria-labelledby="actions-title" {...formProps}>
        <FormAlert form={form} />
        {buttons.map((button) => (
          <button
            key={button.intent}
            type="submit"
            name="intent"
            value={button.intent}
            className="button button--ghost"
          >
            {button.label}
          </button>
        ))}
      </Form>
      {pickupPassed ? null : (
        <p>Completed and no-show can be marked once the pickup time has passed.</p>
      )}
    </section>
  );
}

/** The message of the last action that finished, for the whole page. */
export function Finished() {
  const answer = useStaffBookingAnswer();
  // The refund form shows its own; a post refused before it was read names no form and is done
  // with nothing.
  const message = answer?.form && answer.form !== 'refund' ? (answer.done ?? null) : null;
  return message ? (
    <p className="staff-notice" role="status">
      {message}
    </p>
  ) : null;
}
