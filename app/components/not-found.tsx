// The 404 page: the specified title and text, then the ways on: book, look up a booking, call us
// (the phone from site settings, when the shell has them) or go home. Rendered by the catch-all
// route and the error boundaries; the status stays 404.
import { Link, useRouteLoaderData } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract/site';
import type { loader as rootLoader } from '~/root';
import { telHref } from '~/utils/links';

export function NotFound() {
  const text = messages.notFound;
  const phone = useRouteLoaderData<typeof rootLoader>('root')?.settings.phone;
  return (
    <section className="container page-message" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{text.title}</h1>
      <p>{text.text}</p>
      <p className="page-message__actions">
        <Link to="/booking" className="button button--accent">
          {text.bookNow}
        </Link>
        <Link to="/manage-booking" className="button">
          {text.manageBooking}
        </Link>
        {phone ? (
          <a href={telHref(phone)} className="button">
            {text.call(phone)}
          </a>
        ) : null}
        <Link to="/" className="button button--ghost">
          {text.home}
        </Link>
      </p>
    </section>
  );
}
