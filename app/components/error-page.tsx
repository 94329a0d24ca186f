// The page for an error, wherever it is caught (the root boundary, a content route's): the 404
// page, or "We will be right back" (503: the CMS is down and the page has no last good copy,
// docs/decisions/047-pages-through-a-content-outage.md) and "Something went wrong", each with the
// phone and email: the published ones, else the build's when the shell has none.
import { Link, isRouteErrorResponse, useRouteLoaderData } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract/site';
import { FALLBACK_CONTACTS } from '~/content/fallback-contacts';
import type { loader as rootLoader } from '~/root';
import { mailtoHref, telHref } from '~/utils/links';
import { NotFound } from './not-found';

export function ErrorPage({ error }: { error: unknown }) {
  const settings = useRouteLoaderData<typeof rootLoader>('root')?.settings;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const phone = settings?.phone || FALLBACK_CONTACTS.phone;
  const email = settings?.email || FALLBACK_CONTACTS.email;
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  const text = messages.errorPage;
  return (
    <section className="container page-message" aria-labelledby="error-title">
      <h1 id="error-title">{unavailable ? text.unavailableTitle : text.title}</h1>
      <p>{unavailable ? text.unavailableText(phone) : text.text(phone)}</p>
      <p className="page-message__actions">
        <a href={telHref(phone)} className="button button--accent">
          {messages.notFound.call(phone)}
        </a>
        <a href={mailtoHref(email)} className="button">
          {text.email(email)}
        </a>
        {unavailable ? (
          // Booking goes on through an outage, from the last good fare rules.
          <Link to="/booking" className="button button--ghost">
            {messages.notFound.bookNow}
          </Link>
        ) : (
          <Link to="/" className="button button--ghost">
            {messages.notFound.home}
          </Link>
        )}
      </p>
    </section>
  );
}
