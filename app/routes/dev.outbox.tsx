// /dev/outbox: the emails the outbox mailer wrote (development and demos only). In production, or
// when SMTP is configured, the page does not exist (404).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { devOutboxDir } from '~/mail/dev-outbox.server';
import { listOutbox } from '~/mail/outbox-mailer.server';
import bookingStyles from '~/styles/booking-pages.css?inline';
import type { StylesHandle } from '~/utils/route-styles';
export { privatePageHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [bookingStyles] };

export const meta: MetaFunction = () => [
  { title: 'Outbox (development)' },
  { name: 'robots', content: 'noindex' },
];

export async function loader(_args: LoaderFunctionArgs) {
  return { messages: await listOutbox(devOutboxDir()) };
}

export default function DevOutbox() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <div className="container booking-page">
      <h1>Outbox</h1>
      <p className="booking-page__lead">
        Emails the site sent in development, newest first. Each opens as the raw message a mail
        server would receive; save it as an .eml file to view it in a mail client.
      </p>
      {messages.length === 0 ? (
        <p>No emails have been sent yet.</p>
      ) : (
        <ul className="booking-card outbox-list">
          {messages.map((message) => (
            <li key={message.name}>
              <a href={`/dev/outbox/${message.name}`}>{message.subject || '(no subject)'}</a>
              <span>
                to {message.to}, {message.date}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
