// /staff/chauffeurs: the chauffeurs who drive for the business, by name, with their mobile, email,
// licence and driver authorisation expiry and whether they are active; a form to add one by hand,
// and the same form to change one (?edit=<id>). Chauffeurs made from an application arrive here
// from the applications page ("Make a chauffeur"), which posts to this page's action. Every change
// is one audit entry. Another visitor gets the plain 404.
import { formatStoredPhone } from '@business-chauffeur/booking-contract';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { EmailField, FormAlert, SubmitButton, TextField } from '~/components/form-field';
import { ActiveField, FinishedNotice } from '~/components/staff-dispatch';
import { StaffTable } from '~/components/staff-table';
import { chauffeurFormSchema } from '~/dispatch/dispatch-forms';
import { chauffeursAction } from '~/dispatch/fleet-records.server';
import { chauffeurName } from '~/dispatch/job-line.server';
import { useSiteForm } from '~/forms/use-site-form';
import { requireStaff } from '~/staff/staff-access.server';
import { getDispatchStore } from '~/store/store.server';
import { longDate } from '~/utils/booking-format';
import type { StylesHandle } from '~/utils/route-styles';
import formsStyles from '~/styles/forms.css?inline';

export { privatePageHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [formsStyles] };

export const meta: MetaFunction = () => [
  { title: 'Chauffeurs | Operations' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const chauffeurs = await getDispatchStore().listChauffeurs();
  const editId = new URL(request.url).searchParams.get('edit');
  const editing = chauffeurs.find((chauffeur) => chauffeur.id === editId) ?? null;
  return {
    chauffeurs: chauffeurs.map((chauffeur) => ({
      id: chauffeur.id,
      name: chauffeurName(chauffeur),
      mobile: formatStoredPhone(chauffeur.mobile),
      email: chauffeur.email,
      licence: longDate(chauffeur.licenceExpiry),
      authorisation: longDate(chauffeur.authorisationExpiry),
      active: chauffeur.active,
      fromApplication: chauffeur.applicationId !== null,
    })),
    editing: editing && {
      id: editing.id,
      name: chauffeurName(editing),
      version: editing.updatedAt,
      values: {
        firstName: editing.firstName,
        lastName: editing.lastName,
        mobile: formatStoredPhone(editing.mobile),
        email: editing.email,
        licenceExpiry: editing.licenceExpiry,
        authorisationExpiry: editing.authorisationExpiry,
        ...(editing.active ? { active: 'on' } : {}),
      },
    },
  };
}

export function action({ request, context }: ActionFunctionArgs) {
  return chauffeursAction({ request, context });
}

function ChauffeurForm({
  editing,
}: {
  editing: { id: string; name: string; values: Record<string, string> } | null;
}) {
  const { form, fields, formProps, submitting } = useSiteForm({
    id: 'chauffeur',
    schema: chauffeurFormSchema,
    defaultValue: editing?.values ?? { active: 'on' },
  });
  const title = editing ? `Change ${editing.name}` : 'Add a chauffeur';
  return (
    <section className="booking-card" aria-labelledby="chauffeur-form-title">
      <h2 id="chauffeur-form-title">{title}</h2>
      <Form method="post" className="form" aria-labelledby="chauffeur-form-title" {...formProps}>
        <FormAlert form={form} />
        <input type="hidden" name="intent" value="save-chauffeur" />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <div className="form__row">
          <TextField field={fields.firstName} label="First name" autoComplete="off" />
          <TextField field={fields.lastName} label="Last name" autoComplete="off" />
        </div>
        <div className="form__row">
          <TextField field={fields.mobile} label="Mobile" type="tel" autoComplete="off" />
          <EmailField field={fields.email} label="Email" autoComplete="off" />
        </div>
        <div className="form__row">
          <TextField field={fields.licenceExpiry} label="Driver licence expires" type="date" />
          <TextField
            field={fields.authorisationExpiry}
            label="Driver authorisation expires"
            type="date"
          />
        </div>
        <ActiveField field={fields.active} label="Active: can be assigned to jobs" />
        <SubmitButton
          submitting={submitting}
          label={editing ? 'Save chauffeur' : 'Add chauffeur'}
          busyLabel="Saving…"
        />
      </Form>
      {editing ? (
        <p>
          <Link to="/staff/chauffeurs">Add a new chauffeur instead</Link>
        </p>
      ) : null}
    </section>
  );
}

/** Why "Make a chauffeur" on the applications page did not make one (its form is there). */
function FromApplicationRefused() {
  const answer = useActionData<typeof action>();
  const messages =
    answer && 'form' in answer && answer.form === 'from-application'
      ? (answer.result.error?.[''] ?? [])
      : [];
  return messages.length > 0 ? (
    <div className="form-alert" role="alert">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  ) : null;
}

export default function StaffChauffeurs() {
  const { chauffeurs, editing } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Chauffeurs</h1>
      <FinishedNotice />
      <FromApplicationRefused />
      {chauffeurs.length === 0 ? (
        <p>
          No chauffeurs yet. Add one below, or make one from an application on the{' '}
          <Link to="/staff/applications">Applications</Link> page.
        </p>
      ) : (
        <StaffTable
          caption="Chauffeurs"
          columns={[
            'Name',
            'Mobile',
            'Email',
            'Licence expires',
            'Authorisation expires',
            'Status',
            '',
          ]}
        >
          {chauffeurs.map((chauffeur) => (
            <tr key={chauffeur.id}>
              <td>
                {chauffeur.name}
                {chauffeur.fromApplication ? ' (from an application)' : ''}
              </td>
              <td>{chauffeur.mobile}</td>
              <td>{chauffeur.email}</td>
              <td>{chauffeur.licence}</td>
              <td>{chauffeur.authorisation}</td>
              <td>{chauffeur.active ? 'Active' : 'Not active'}</td>
              <td>
                <Link
                  to={`?edit=${encodeURIComponent(chauffeur.id)}`}
                  aria-label={`Change ${chauffeur.name}`}
                >
                  Change
                </Link>
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      <ChauffeurForm key={editing ? `${editing.id}:${editing.version}` : 'new'} editing={editing} />
    </>
  );
}
