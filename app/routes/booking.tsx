// /booking (docs/product.md, "Routes"): the booking wizard, loaded exactly as a partner site
// loads it: one module script and one <chauffeur-booking> element (docs/partners.md). Query
// parameters prefill it, so the fleet's "Book Now" links (/booking?vehicle=<slug>) pre-select
// their vehicle. Without JavaScript the page says so and gives the phone and email instead.
import type { MetaFunction } from '@remix-run/node';
import { useRouteLoaderData, useSearchParams } from '@remix-run/react';
import { useEffect, type DetailedHTMLProps, type HTMLAttributes } from 'react';
import { bookingPageMessages } from '@business-chauffeur/booking-contract';
import type { loader as rootLoader } from '~/root';
import { rootMetaData } from '~/utils/content-seo';
import { mailtoHref, telHref } from '~/utils/links';
import { pageMeta } from '~/utils/seo';
export { routeHeaders as headers } from '~/utils/route-headers';

const WIDGET_SRC = '/widget/chauffeur-booking.js';
const PREFILL = ['pickup', 'drop', 'date', 'passengers', 'vehicle'] as const;

type PrefillAttributes = Partial<Record<(typeof PREFILL)[number], string>>;

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX types live in a namespace.
  namespace JSX {
    interface IntrinsicElements {
      'chauffeur-booking': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> &
        PrefillAttributes & {
          'api-base'?: string;
          partner?: string;
          theme?: 'light' | 'dark';
        };
    }
  }
}

export const meta: MetaFunction = ({ matches }) => {
  const root = rootMetaData(matches);
  if (!root) return [];
  return pageMeta(
    { siteName: root.settings.name ?? '', siteUrl: root.publicEnv.SITE_URL },
    {
      title: bookingPageMessages.title,
      description: bookingPageMessages.description,
      path: '/booking',
    },
  );
};

export default function Booking() {
  const [params] = useSearchParams();
  const settings = useRouteLoaderData<typeof rootLoader>('root')?.settings;
  const prefill: PrefillAttributes = {};
  for (const name of PREFILL) {
    const value = params.get(name)?.trim();
    if (value) prefill[name] = value.slice(0, 200);
  }

  useEffect(() => {
    // Arriving by a client-side link, React inserts the script tag without running it; importing
    // the same URL runs the loader once (the browser keeps one module per URL).
    if (!customElements.get('chauffeur-booking')) {
      import(/* @vite-ignore */ WIDGET_SRC).catch((error: unknown) => {
        console.error('The booking widget could not be loaded', error);
      });
    }
  }, []);

  return (
    <section className="container booking-page" aria-labelledby="booking-title">
      <h1 id="booking-title">{bookingPageMessages.title}</h1>
      <noscript>
        <NoScriptContact phone={settings?.phone} email={settings?.email} />
      </noscript>
      <script type="module" src={WIDGET_SRC} />
      {/* Re-created when the prefill changes (a new "Book Now" link), so it reads the new values. */}
      <chauffeur-booking key={params.toString()} {...prefill} />
    </section>
  );
}

/** What a browser without JavaScript shows instead of the wizard: how to book by phone or email. */
function NoScriptContact({ phone, email }: { phone?: string | null; email?: string | null }) {
  const text = bookingPageMessages.noScript;
  const phoneLink = phone ? <a href={telHref(phone)}>{phone}</a> : null;
  const emailLink = email ? <a href={mailtoHref(email)}>{email}</a> : null;
  return (
    <p>
      {text.text}{' '}
      {phoneLink ? (
        <>
          {text.callUs} {phoneLink}
          {emailLink ? (
            <>
              {' '}
              {text.orEmail} {emailLink}
            </>
          ) : null}
          .
        </>
      ) : emailLink ? (
        <>
          {text.emailUs} {emailLink}.
        </>
      ) : null}
    </p>
  );
}
