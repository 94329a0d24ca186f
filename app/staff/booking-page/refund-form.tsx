import { formatMoneyWithCode } from '@business-chauffeur/booking-contract';
// The refund form of the staff booking page: any amount up to what is refundable, with a reason;
// it asks first, naming the amount, before money leaves.
import { Form } from '@remix-run/react';
import { FormAlert, SubmitButton, TextAreaField, TextField } from '~/components/form-field';
import { useAskFirst } from '~/components/staff-ask-first';
import { useSiteForm } from '~/forms/use-site-form';
import { refundFormSchema } from '~/staff/staff-forms';

import { useDone } from './booking-page-answer';

export function RefundForm({
  refundKey,
  refundable,
  dueBackCents,
  reference,
}: {
  refundKey: string;
  refundable: string;
  /** What a change of fare left due back to the customer: the form starts with it. */
  dueBackCents: number;
  reference: string;
}) {
  const finished = useDone('refund');
  const {
    form,
    fields,
    formProps: siteFormProps,
    submitting,
  } = useSiteForm({
    id: 'refund',
    schema: refundFormSchema,
    defaultValue:
      dueBackCents > 0
        ? {
            amount: (dueBackCents / 100).toFixed(2),
            reason: `Fare lowered by a change of booking ${reference}`,
          }
        : {},
  });
  const { formProps, confirmation, dialog, asking } = useAskFirst(siteFormProps, {
    title: `Refund booking ${reference}?`,
    question: (cents) =>
      `Refund ${formatMoneyWithCode(cents)} to the card the customer paid with? The customer is emailed, and a refund cannot be taken back.`,
    yes: (cents) => `Yes, refund ${formatMoneyWithCode(cents)}`,
    no: 'Go back',
  });
  return (
    <section className="booking-card" aria-labelledby="refund-title">
      <h2 id="refund-title">Refund</h2>
      {finished ? (
        <p className="staff-notice" role="status">
          {finished}
        </p>
      ) : null}
      <p>Up to {refundable} can be refunded, to the card the customer paid with.</p>
      {dueBackCents > 0 ? (
        <p>
          {formatMoneyWithCode(dueBackCents)} is due back to the customer after a change of fare: a
          refund pays it back first.
        </p>
      ) : null}
      <Form method="post" className="form" aria-labelledby="refund-title" {...formProps}>
        <FormAlert form={form} />
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="key" value={refundKey} />
        <TextField
          field={fields.amount}
          label="Refund amount"
          hint="In dollars, for example 50 or 50.00"
          inputMode="decimal"
          autoComplete="off"
        />
        <TextAreaField field={fields.reason} label="Reason" rows={3} />
        {confirmation}
        {asking ? null : (
          <SubmitButton submitting={submitting} label="Refund" busyLabel="Refunding…" />
        )}
      </Form>
      {dialog}
    </section>
  );
}
