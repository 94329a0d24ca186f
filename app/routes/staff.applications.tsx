// /staff/applications: the applications to drive for the business, newest first, those not done yet
// by default (a GET filter by status). Each shows the applicant, how to reach them, what they
// apply as, where and with what experience and licence, and a small form to set where staff are
// with it (new, in progress, done) and a note; each change is one audit entry. A chauffeur
// applicant with a driver authorisation is made a chauffeur in one step (the chauffeurs page's
// action). Another visitor gets the plain 404.
import { formatStoredPhone } from '@business-chauffeur/booking-contract';
import { messages } from '@business-chauffeur/booking-contract/site';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { HandlingForm, InboxAnswer, InboxFilter } from '~/components/staff-inbox';
import { INBOX_FILTERS, INBOX_FILTER_LABELS, inboxFilterOf } from '~/staff/inbox-forms';
import { handlingView, applicationInbox, inboxHandlingAction } from '~/staff/inboxes.server';
import { requireStaff } from '~/staff/staff-access.server';
import { getDispatchStore } from '~/store/store.server';
import { longDate, queenslandTimestamp } from '~/utils/booking-format';
import type { StylesHandle } from '~/utils/route-styles';
import formsStyles from '~/styles/forms.css?inline';

export { privatePageHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [formsStyles] };

export const meta: MetaFunction = () => [
  { title: 'Applications | Operations' },
  { name: 'robots', content: 'noindex' },
];

const years = (count: number) => `${count} ${count === 1 ? 'year' : 'years'}`;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const filter = inboxFilterOf(new URL(request.url).searchParams.get('status'));
  const [applications, chauffeurs] = await Promise.all([
    applicationInbox(filter),
    getDispatchStore().listChauffeurs(),
  ]);
  const chauffeurIds = new Set(chauffeurs.map((chauffeur) => chauffeur.applicationId));
  return {
    filter,
    applications: applications.map((application) => {
      const { licence, driverAuthority } = application;
      return {
        id: application.id,
        name: `${application.personal.firstName} ${application.personal.lastName}`,
        email: application.contact.email,
        phone: formatStoredPhone(application.contact.mobile),
        type: messages.chauffeurForm[application.type],
        /** A chauffeur applicant with a driver authorisation can be made a chauffeur here. */
        canBecomeChauffeur:
          application.type === 'chauffeur' && application.driverAuthority !== null,
        isChauffeur: chauffeurIds.has(application.id),
        city: application.city,
        experience: years(application.experience.years),
        experienceDetails: application.experience.details,
        licence: `${licence.class}, ${licence.state}, expires ${longDate(licence.expiry)}`,
        driverAuthority: driverAuthority
          ? `${driverAuthority.number}, expires ${longDate(driverAuthority.expiry)}`
          : 'None yet',
        suburb: `${application.address.suburb} ${application.address.postcode}`,
        received: queenslandTimestamp(application.createdAt),
        ...handlingView(application),
      };
    }),
  };
}

export function action({ request, context }: ActionFunctionArgs) {
  return inboxHandlingAction('application', { request, context });
}

const FILTER_OPTIONS = INBOX_FILTERS.map((value) => ({ value, label: INBOX_FILTER_LABELS[value] }));

export default function StaffApplications() {
  const { filter, applications } = useLoaderData<typeof loader>();
  const count = applications.length;
  return (
    <>
      <h1>Applications</h1>
      <InboxFilter label="Filter applications" value={filter} options={FILTER_OPTIONS} />
      <InboxAnswer recordKey="id" />
      <p>
        {count === 0
          ? 'No applications to show.'
          : `${count} ${count === 1 ? 'application' : 'applications'} (${INBOX_FILTER_LABELS[filter].toLowerCase()}), newest first.`}
      </p>
      <ul className="staff-inbox">
        {applications.map((application) => (
          <li key={application.id}>
            <article
              className="staff-inbox__item"
              aria-labelledby={`application-${application.id}`}
            >
              <h2 id={`application-${application.id}`}>
                {application.name}: {application.type}, {application.city}
              </h2>
              <p className="staff-inbox__meta">
                {application.statusLabel} · received {application.received}
              </p>
              <dl className="staff-inbox__details">
                <div>
                  <dt>Email</dt>
                  <dd>
                    <a href={`mailto:${application.email}`}>{application.email}</a>
                  </dd>
                </div>
                <div>
                  <dt>Mobile</dt>
                  <dd>
                    <a href={`tel:${application.phone.replace(/\s/g, '')}`}>{application.phone}</a>
                  </dd>
                </div>
                <div>
                  <dt>Lives in</dt>
                  <dd>{application.suburb}</dd>
                </div>
                <div>
                  <dt>Experience</dt>
                  <dd>{application.experience}</dd>
                </div>
                <div>
                  <dt>Licence</dt>
                  <dd>{application.licence}</dd>
                </div>
                <div>
                  <dt>Driver authority</dt>
                  <dd>{application.driverAuthority}</dd>
                </div>
              </dl>
              {application.experienceDetails ? (
                <p className="staff-inbox__message">{application.experienceDetails}</p>
              ) : null}
              {application.updated ? (
                <p className="staff-inbox__meta">Last changed {application.updated}</p>
              ) : null}
              {application.isChauffeur ? (
                <p className="staff-inbox__meta">
                  Now a chauffeur: see <Link to="/staff/chauffeurs">Chauffeurs</Link>.
                </p>
              ) : application.canBecomeChauffeur ? (
                <Form method="post" action="/staff/chauffeurs" className="staff-inbox__form">
                  <input type="hidden" name="intent" value="from-application" />
                  <input type="hidden" name="applicationId" value={application.id} />
                  <button type="submit" className="button button--ghost">
                    Make {application.name} a chauffeur
                  </button>
                </Form>
              ) : null}
              <HandlingForm
                key={`${application.id}:${application.version}`}
                record={application.id}
                name={application.name}
                status={application.status}
                note={application.note}
              />
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
