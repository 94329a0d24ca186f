// The booking call to action shared by the service-area pages (its copy lives on the
// /service-areas page document, so staff edit it once for all three).
import { Link } from '@remix-run/react';

export interface BookingBannerValue {
  heading: string | null;
  text: string | null;
  /** Buttons with a label and an address (app/content/service-areas.server.ts). */
  actions: { _key: string; label: string; href: string }[];
}

export function BookingBanner({ banner, id }: { banner: BookingBannerValue; id: string }) {
  return (
    <section className="booking-banner" aria-labelledby={id}>
      <div className="container booking-banner__inner">
        <div>
          <h2 id={id}>{banner.heading}</h2>
          {banner.text ? <p>{banner.text}</p> : null}
        </div>
        <div className="booking-banner__actions">
          {banner.actions.map((action, index) =>
            action.href.startsWith('/') ? (
              <Link
                key={action._key}
                to={action.href}
                className={`button button--large${index === 0 ? ' button--accent' : ' button--ghost'}`}
              >
                {action.label}
              </Link>
            ) : (
              <a
                key={action._key}
                href={action.href}
                className={`button button--large${index === 0 ? ' button--accent' : ' button--ghost'}`}
              >
                {action.label}
              </a>
            ),
          )}
        </div>
      </div>
    </section>
  );
}
