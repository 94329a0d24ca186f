// /staff/feedback: the Feedback & Complaints messages, newest first, those not done yet by default
// (a GET filter by status). Each shows who wrote, how to reach them, what they wrote and when, and
// a small form to set where staff are with it (new, in progress, done) and a note; each change is
// one audit entry. Another visitor gets the plain 404.
import { formatStoredPhone } from '@business-chauffeur/booking-contract';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { HandlingForm, InboxAnswer, InboxFilter } from '~/components/staff-inbox';
import { INBOX_FILTERS, INBOX_FILTER_LABELS, inboxFilterOf } from '~/staff/inbox-forms';
import { handlingView, feedbackInbox, inboxHandlingAction } from '~/staff/inboxes.server';
import { requireStaff } from '~/staff/staff-access.server';
import { queenslandTimestamp } from '~/utils/booking-format';
import type { StylesHandle } from '~/utils/route-styles';
import formsStyles from '~/styles/forms.css?inline';

export { privatePageHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [formsStyles] };

export const meta: MetaFunction = () => [
  { title: 'Feedback | Operations' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const filter = inboxFilterOf(new URL(request.url).searchParams.get('status'));
  const messages = await feedbackInbox(filter);
  return {
    filter,
    messages: messages.map((message) => {
      return {
        id: message.id,
        name: `${message.firstName} ${message.lastName}`,
        email: message.contact.email,
        phone: message.contact.phone ? formatStoredPhone(message.contact.phone) : '',
        subject: message.subject,
        message: message.message,
        received: queenslandTimestamp(message.creationDate),
        account: message.userId !== null,
        ...handlingView(message),
      };
    }),
  };
}

export function action({ request, context }: ActionFunctionArgs) {
  return inboxHandlingAction('feedback', { request, context });
}

const FILTER_OPTIONS = INBOX_FILTERS.map((value) => ({ value, label: INBOX_FILTER_LABELS[value] }));

export default function StaffFeedback() {
  const { filter, messages } = useLoaderData<typeof loader>();
  const count = messages.length;
  return (
    <>
      <h1>Feedback</h1>
      <InboxFilter label="Filter feedback" value={filter} options={FILTER_OPTIONS} />
      <InboxAnswer recordKey="id" />
      <p>
        {count === 0
          ? 'No messages to show.'
          : `${count} ${count === 1 ? 'message' : 'messages'} (${INBOX_FILTER_LABELS[filter].toLowerCase()}), newest first.`}
      </p>
      <ul className="staff-inbox">
        {messages.map((message) => (
          <li key={message.id}>
            <article className="staff-inbox__item" aria-labelledby={`feedback-${message.id}`}>
              <h2 id={`feedback-${message.id}`}>{message.subject}</h2>
              <p className="staff-inbox__meta">
                {message.statusLabel} · received {message.received}
                {message.account ? ' · signed in' : ''}
              </p>
              <dl className="staff-inbox__details">
                <div>
                  <dt>From</dt>
                  <dd>{message.name}</dd>
                </div>
                <div>
                  <dt>Email</dt>
                  <dd>
                    <a href={`mailto:${message.email}`}>{message.email}</a>
                  </dd>
                </div>
                {message.phone ? (
                  <div>
                    <dt>Phone</dt>
                    <dd>
                      <a href={`tel:${message.phone.replace(/\s/g, '')}`}>{message.phone}</a>
                    </dd>
                  </div>
                ) : null}
              </dl>
              <p className="staff-inbox__message">{message.message}</p>
              {message.updated ? (
                <p className="staff-inbox__meta">Last changed {message.updated}</p>
              ) : null}
              <HandlingForm
                key={`${message.id}:${message.version}`}
                record={message.id}
                name={message.name}
                status={message.status}
                note={message.note}
              />
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
