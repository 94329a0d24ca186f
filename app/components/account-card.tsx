// The card the account pages (sign in, reset request, sign up, new password) put their form in:
// the page's one heading, named for the card.
import type { ReactNode } from 'react';

export function AccountCard({
  id,
  title,
  children,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="account-page container">
      <section className="form-card" aria-labelledby={id}>
        <h1 id={id}>{title}</h1>
        {children}
      </section>
    </div>
  );
}
