// /staff/partners: the partner sites that put the booking widget on their pages, each with its
// label (the widget's `partner` attribute), the website addresses allowed to book, its contact,
// commission and whether it is switched on; the partners PARTNER_ORIGINS adds are listed apart,
// as the environment's. A form adds a partner and the same form changes one (?edit=<label>). A
// change reaches every instance within 30 seconds, with no restart. Another visitor gets the
// plain 404.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { FormAlert, SubmitButton, TextAreaField, TextField } from '~/components/form-field';
import { ActiveField, FinishedNotice } from '~/components/staff-dispatch';
import { StaffTable } from '~/components/staff-table';
import { useSiteForm } from '~/forms/use-site-form';
import { environmentOrigins } from '~/partners/partner-directory.server';
import { partnerFormSchema } from '~/partners/partner-forms';
import { percentText } from '~/partners/partner-origins';
import { partnersAction } from '~/partners/partner-records.server';
import { requireStaff } from '~/staff/staff-access.server';
import { getPartnerStore } from '~/store/store.server';
import { getConfig } from '~/utils/env.server';
import type { StylesHandle } from '~/utils/route-styles';
import formsStyles from '~/styles/forms.css?inline';

export { privatePageHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [formsStyles] };

export const meta: MetaFunction = () => [
  { title: 'Partners | Operations' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const partners = await getPartnerStore().listPartners();
  const editId = new URL(request.url).searchParams.get('edit');
  const editing = partners.find((partner) => partner.id === editId) ?? null;
  return {
    partners: partners.map((partner) => ({
      id: partner.id,
      name: partner.name,
      origins: partner.origins,
      contactEmail: partner.contactEmail,
      commission:
        partner.commissionBasisPoints === null
          ? 'None'
          : percentText(partner.commissionBasisPoints),
      active: partner.active,
    })),
    environment: environmentOrigins(getConfig().partnerOrigins),
    editing: editing && {
      id: editing.id,
      name: editing.name,
      version: editing.updatedAt,
      values: {
        label: editing.id,
        name: editing.name,
        origins: editing.origins.join('\n'),
        contactEmail: editing.contactEmail,
        commission:
          editing.commissionBasisPoints === null
            ? ''
            : percentText(editing.commissionBasisPoints).replace('%', ''),
        ...(editing.active ? { active: 'on' } : {}),
      },
    },
  };
}

export function action({ request, context }: ActionFunctionArgs) {
  return partnersAction({ request, context });
}

function PartnerForm({
  editing,
}: {
  editing: { id: string; name: string; values: Record<string, string> } | null;
}) {
  const { form, fields, formProps, submitting } = useSiteForm({
    id: 'partner',
    schema: partnerFormSchema,
    defaultValue: editing?.values ?? { active: 'on' },
  });
  const title = editing ? `Change ${editing.name}` : 'Add a partner';
  return (
    <section className="booking-card" aria-labelledby="partner-form-title">
      <h2 id="partner-form-title">{title}</h2>
      <Form method="post" className="form" aria-labelledby="partner-form-title" {...formProps}>
        <FormAlert form={form} />
        <input type="hidden" name="intent" value="save-partner" />
        {editing ? (
          <>
            <input type="hidden" name="id" value={editing.id} />
            <input type="hidden" name="label" value={editing.id} />
            <p>Label {editing.id}</p>
          </>
        ) : (
          <TextField
            field={fields.label}
            label="Label"
            hint="The widget’s partner attribute and the name bookings are recorded under; it cannot be changed later. For example riverside-grand"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
        <TextField field={fields.name} label="Name" autoComplete="off" />
        <TextAreaField
          field={fields.origins}
          label="Website addresses allowed to book (one a line, for example https://www.hotel.example)"
          rows={3}
        />
        <TextField
          field={fields.contactEmail}
          label="Contact email"
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField
          field={fields.commission}
          label="Commission (% of the fare before GST)"
          hint="Leave empty for no commission. For example 10 or 7.5"
          inputMode="decimal"
          autoComplete="off"
        />
        <ActiveField field={fields.active} label="Active: its pages may book" />
        <SubmitButton
          submitting={submitting}
          label={editing ? 'Save partner' : 'Add partner'}
          busyLabel="Saving…"
        />
      </Form>
      {editing ? (
        <p>
          <Link to="/staff/partners">Add a new partner instead</Link>
        </p>
      ) : null}
    </section>
  );
}

export default function StaffPartners() {
  const { partners, environment, editing } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Partners</h1>
      <p>
        Hotels, venues and agents with the booking widget on their own pages. A change here reaches
        every page within 30 seconds; a partner switched off sees “Online booking is not enabled on
        this website” and keeps its past bookings.
      </p>
      <FinishedNotice />
      {partners.length === 0 ? (
        <p>No partners added here yet. Add the first one below.</p>
      ) : (
        <StaffTable
          caption="Partners"
          columns={['Name', 'Label', 'Website addresses', 'Contact', 'Commission', 'Status', '']}
        >
          {partners.map((partner) => (
            <tr key={partner.id}>
              <td>
                <Link to={`/staff/partners/${encodeURIComponent(partner.id)}`}>{partner.name}</Link>
              </td>
              <td>{partner.id}</td>
              <td>
                {partner.origins.map((origin) => (
                  <div key={origin}>{origin}</div>
                ))}
              </td>
              <td>{partner.contactEmail}</td>
              <td>{partner.commission}</td>
              <td>{partner.active ? 'Active' : 'Switched off'}</td>
              <td>
                <Link
                  to={`?edit=${encodeURIComponent(partner.id)}`}
                  aria-label={`Change ${partner.name}`}
                >
                  Change
                </Link>
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      {environment.length > 0 ? (
        <section aria-labelledby="environment-partners">
          <h2 id="environment-partners">Partners from the server’s settings</h2>
          <p>
            These addresses are allowed by the PARTNER_ORIGINS setting of the server: they cannot be
            changed or switched off here, only in the server’s settings.
          </p>
          <ul>
            {environment.map((origin) => (
              <li key={origin}>{origin}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <PartnerForm key={editing ? `${editing.id}:${editing.version}` : 'new'} editing={editing} />
    </>
  );
}
