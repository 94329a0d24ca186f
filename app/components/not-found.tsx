import { Link } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract';

export function NotFound() {
  const text = messages.notFound;
  return (
    <section className="container page-message" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{text.title}</h1>
      <p>{text.text}</p>
      <p>
        <Link to="/" className="button button--accent">
          {text.home}
        </Link>
      </p>
    </section>
  );
}
