// The dispatch section of the staff booking page: the chauffeur and car on the job, and the forms
// that assign, change or take them off.
import { Form, Link } from '@remix-run/react';
import { FormAlert, SubmitButton } from '~/components/form-field';
import { ChoiceField } from '~/components/staff-dispatch';
import type { bookingDispatchView } from '~/dispatch/booking-dispatch.server';
import { assignFormSchema, unassignFormSchema } from '~/dispatch/dispatch-forms';
import { useSiteForm } from '~/forms/use-site-form';

type DispatchView = Awaited<ReturnType<typeof bookingDispatchView>>;

/**
 * Who drives and in which car: the choice of an active chauffeur and car (assigning, or changing
 * them), and taking them off. The action gives every reason a choice is refused.
 */
export function DispatchSection({ dispatch }: { dispatch: DispatchView }) {
  const { assigned } = dispatch;
  const { form, fields, formProps, submitting } = useSiteForm({
    id: 'dispatch',
    schema: assignFormSchema,
    defaultValue: assigned ? { chauffeurId: assigned.chauffeurId, carId: assigned.carId } : {},
  });
  const unassign = useSiteForm({ id: 'unassign', schema: unassignFormSchema });
  return (
    <section className="booking-card" aria-labelledby="dispatch-title">
      <h2 id="dispatch-title">Chauffeur and car</h2>
      {assigned ? (
        <dl>
          <div>
            <dt>Chauffeur</dt>
            <dd>{assigned.chauffeur}</dd>
          </div>
          <div>
            <dt>Car</dt>
            <dd>{assigned.car}</dd>
          </div>
        </dl>
      ) : (
        <p>No chauffeur or car yet.</p>
      )}
      {dispatch.undelivered.map((text) => (
        <p key={text} className="form-alert" role="alert">
          {text}
        </p>
      ))}
      {!dispatch.canAssign ? (
        <p>{dispatch.notAssignable}</p>
      ) : dispatch.chauffeurs.length === 0 || dispatch.cars.length === 0 ? (
        <p>
          Add an active chauffeur and car first, on the{' '}
          <Link to="/staff/chauffeurs">Chauffeurs</Link> and <Link to="/staff/cars">Cars</Link>{' '}
          pages.
        </p>
      ) : (
        <Form method="post" className="form" aria-labelledby="dispatch-title" {...formProps}>
          <FormAlert form={form} />
          <input type="hidden" name="intent" value="assign" />
          <ChoiceField
            field={fields.chauffeurId}
            label="Chauffeur"
            placeholder="Choose a chauffeur"
            options={dispatch.chauffeurs}
          />
          <ChoiceField
            field={fields.carId}
            label="Car"
            placeholder="Choose a car"
            options={dispatch.cars}
          />
          <SubmitButton
            submitting={submitting}
            label={assigned ? 'Change chauffeur and car' : 'Assign chauffeur and car'}
            busyLabel="Assigning…"
          />
        </Form>
      )}
      {assigned ? (
        <Form method="post" className="form" aria-label="Unassign" {...unassign.formProps}>
          <FormAlert form={unassign.form} />
          <input type="hidden" name="intent" value="unassign" />
          <button type="submit" className="button button--ghost">
            Unassign chauffeur and car
          </button>
        </Form>
      ) : null}
    </section>
  );
}
