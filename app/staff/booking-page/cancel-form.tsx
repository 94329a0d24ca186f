import { formatMoneyWithCode } from '@business-chauffeur/booking-contract';
// The cancel form of the staff booking page: the refund it suggests under the cancellation policy,
// a reason, and asking first when money goes back.
import { Form } from '@remix-run/react';
import { FormAlert, SubmitButton, TextAreaField, TextField } from '~/components/form-field';
import { useAskFirst } from '~/components/staff-ask-first';
import { useSiteForm } from '~/forms/use-site-form';
import { cancelFormSchema } from '~/staff/staff-forms';

export function CancelForm({
  cancelKey,
  refundCents,
  rule,
  reference,
}: {
  cancelKey: string;
  refundCents: number;
  rule: string;
  reference: string;
}) {
  const {
    form,
    fields,
    formProps: siteFormProps,
    submitting,
  } = useSiteForm({
    id: 'cancel',
    schema: cancelFormSchema,
    defaultValue: { amount: (refundCents / 100).toFixed(2) },
  });
  const { formProps, confirmation, dialog, asking } = useAskFirst(siteFormProps, {
    title: `Cancel booking ${reference}?`,
    question: (cents) =>
      cents > 0
        ? `Cancel booking ${reference} and refund ${formatMoneyWithCode(cents)} to the card the customer paid with? The customer is emailed, and neither can be taken back.`
        : `Cancel booking ${reference} with no refund? The customer is emailed, and a cancellation cannot be taken back.`,
    yes: (cents) =>
      cents > 0
        ? `Yes, cancel and refund ${formatMoneyWithCode(cents)}`
        : 'Yes, cancel with no refund',
    no: 'Keep the booking',
  });
  return (
    <section className="booking-card" aria-labelledby="cancel-title">
      <h2 id="cancel-title">Cancel booking</h2>
      <p>
        The cancellation policy suggests a refund of {formatMoneyWithCode(refundCents)}: {rule}
      </p>
      <Form method="post" className="form" aria-labelledby="cancel-title" {...formProps}>
        <FormAlert form={form} />
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="key" value={cancelKey} />
        <TextField
          field={fields.amount}
          label="Refund with the cancellation"
          hint="In dollars; 0 for no refund"
          inputMode="decimal"
          autoComplete="off"
        />
        <TextAreaField
          field={fields.reason}
          label="Reason"
          hint="Required when you refund another amount than the policy suggests"
          rows={3}
        />
        {confirmation}
        {asking ? null : (
          <SubmitButton submitting={submitting} label="Cancel booking" busyLabel="Cancelling…" />
        )}
      </Form>
      {dialog}
    </section>
  );
}
