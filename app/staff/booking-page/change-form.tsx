import { formatMoneyWithCode } from '@business-chauffeur/booking-contract';
// The change form of the staff booking page: the new price first (a preview), then the change at
// that price, and what it leaves to settle.
import { Form } from '@remix-run/react';
import { getInputProps } from '@conform-to/react';
import { FieldError, FormAlert, TextAreaField, TextField } from '~/components/form-field';
import { ChoiceField } from '~/components/staff-dispatch';
import { useSiteForm } from '~/forms/use-site-form';
import { changeFormSchema } from '~/staff/staff-forms';

import { useStaffBookingAnswer } from './booking-page-answer';

/** What a change leaves to settle, in a sentence for staff. */
function balanceText(balanceCents: number): string {
  if (balanceCents > 0)
    return `After this change the customer owes ${formatMoneyWithCode(balanceCents)}: a payment link for it is emailed with the change.`;
  if (balanceCents < 0)
    return `After this change ${formatMoneyWithCode(-balanceCents)} is due back to the customer: refund it.`;
  return 'After this change nothing is owed either way.';
}

/**
 * Date, time, passengers, notes and why: the new price first, then the change at that price. A
 * pickup inside the online notice needs "Arranged by phone"; the other booking rules never give way.
 */
export function ChangeForm({
  trip,
  vehicleTypes,
}: {
  trip: Record<
    | 'pickup'
    | 'pickupDetails'
    | 'drop'
    | 'dropDetails'
    | 'vehicleId'
    | 'date'
    | 'time'
    | 'passengers'
    | 'notes',
    string
  >;
  vehicleTypes: { value: string; label: string }[];
}) {
  const answer = useStaffBookingAnswer();
  const preview = answer?.form === 'change' ? (answer.preview ?? null) : null;
  const { form, fields, formProps, submitting } = useSiteForm({
    id: 'change',
    schema: changeFormSchema,
    defaultValue: trip,
  });
  const { key: arrangedKey, ...arranged } = getInputProps(fields.arrangedByPhone, {
    type: 'checkbox',
  });
  return (
    <section className="booking-card" aria-labelledby="change-title">
      <h2 id="change-title">Change booking</h2>
      <Form method="post" className="form" aria-labelledby="change-title" {...formProps}>
        <FormAlert form={form} />
        <TextField field={fields.pickup} label="Pickup" />
        <TextField
          field={fields.pickupDetails}
          label="Pickup address details"
          hint="Unit, number and street, or gate: needed when the pickup is a suburb"
        />
        <TextField field={fields.drop} label="Drop-off" />
        <TextField field={fields.dropDetails} label="Drop-off address details" />
        <ChoiceField
          field={fields.vehicleId}
          label="Vehicle type"
          placeholder="Choose a vehicle type"
          options={vehicleTypes}
        />
        <div className="form__row">
          <TextField field={fields.date} label="Booking date" type="date" />
          <TextField field={fields.time} label="Pickup time" hint="24-hour, for example 14:30" />
        </div>
        <TextField field={fields.passengers} label="Passengers" type="number" min={1} />
        <TextAreaField field={fields.notes} label="Booking notes" rows={2} />
        <TextAreaField field={fields.reason} label="Reason for the change" rows={2} />
        <div>
          <label className="staff-check">
            <input key={arrangedKey} {...arranged} />
            Arranged by phone: the pickup may be less than an hour away
          </label>
          <FieldError field={fields.arrangedByPhone} />
        </div>
        {preview ? (
          <div role="status" aria-label="New price">
            <table className="staff-table fare-lines">
              <caption>New price</caption>
              <tbody>
                {preview.lines.map((line, index) => (
                  <tr key={index}>
                    <th scope="row">
                      {line.label}
                      {line.detail ? ` (${line.detail})` : ''}
                    </th>
                    <td className="staff-amount">{formatMoneyWithCode(line.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">New total</th>
                  <td className="staff-amount">{formatMoneyWithCode(preview.totalCents)}</td>
                </tr>
              </tfoot>
            </table>
            <dl className="booking-details">
              <div className="booking-details__row">
                <dt>Charged (tax invoice)</dt>
                <dd>{formatMoneyWithCode(preview.chargedCents)}</dd>
              </div>
              {preview.currentCents === preview.chargedCents ? null : (
                <div className="booking-details__row">
                  <dt>Fare before this change</dt>
                  <dd>{formatMoneyWithCode(preview.currentCents)}</dd>
                </div>
              )}
              <div className="booking-details__row">
                <dt>This change</dt>
                <dd>
                  {preview.differenceCents > 0 ? '+' : ''}
                  {formatMoneyWithCode(preview.differenceCents)}
                </dd>
              </div>
            </dl>
            <p>{balanceText(preview.balanceCents)}</p>
            {preview.override ? <p>Override: {preview.override}.</p> : null}
            <input type="hidden" name="confirm" value={preview.totalCents} />
          </div>
        ) : null}
        <div className="form__row">
          <button
            type="submit"
            name="intent"
            value="change-preview"
            className="button button--ghost"
            disabled={submitting}
          >
            Show the new price
          </button>
          {preview ? (
            <button
              type="submit"
              name="intent"
              value="change"
              className="button button--accent"
              disabled={submitting}
            >
              Apply change and email the customer
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
