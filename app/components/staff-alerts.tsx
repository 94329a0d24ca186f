// The alerts of a booking on its staff page: what only staff can settle (a payment for another
// amount than the booking's price, a promo code paid past its rule), each with the form that marks
// it handled and says what was done, and the ones handled before. Works without JavaScript.
import { Form } from '@remix-run/react';
import { FormAlert, SubmitButton, TextAreaField } from '~/components/form-field';
import { useSiteForm } from '~/forms/use-site-form';
import { alertFormSchema } from '~/staff/staff-forms';

export interface StaffAlertView {
  id: string;
  detail: string;
  when: string;
  handled: { when: string; by: string; note: string } | null;
}

function HandleAlertForm({ alert }: { alert: StaffAlertView }) {
  const { form, fields, formProps, submitting } = useSiteForm({
    id: 'alert',
    schema: alertFormSchema,
  });
  const titleId = `alert-${alert.id}-title`;
  return (
    <li className="staff-alert">
      <p id={titleId}>{alert.detail}</p>
      <p className="staff-alert-when">Raised {alert.when}</p>
      <Form method="post" className="form" aria-labelledby={titleId} {...formProps}>
        <FormAlert form={form} />
        <input type="hidden" name="intent" value="alert-handled" />
        <input type="hidden" name="alertId" value={alert.id} />
        <TextAreaField field={fields.note} label="What was done" rows={2} />
        <SubmitButton submitting={submitting} label="Mark handled" busyLabel="Saving…" />
      </Form>
    </li>
  );
}

export function StaffAlerts({ alerts }: { alerts: StaffAlertView[] }) {
  if (alerts.length === 0) return null;
  const open = alerts.filter((alert) => alert.handled === null);
  const handled = alerts.filter((alert) => alert.handled !== null);
  return (
    <section className="booking-card staff-alerts" aria-labelledby="alerts-title">
      <h2 id="alerts-title">{open.length > 0 ? 'Needs action' : 'Alerts handled'}</h2>
      {open.length > 0 ? (
        <ul>
          {open.map((alert) => (
            <HandleAlertForm key={alert.id} alert={alert} />
          ))}
        </ul>
      ) : null}
      {handled.length > 0 ? (
        <ul>
          {handled.map((alert) => (
            <li key={alert.id}>
              <p>{alert.detail}</p>
              <p className="staff-alert-when">
                Raised {alert.when}; handled {alert.handled!.when} by {alert.handled!.by}:{' '}
                {alert.handled!.note}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
