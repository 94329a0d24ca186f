// /booking (docs/product.md, "Routes"): the booking wizard, loaded exactly as a partner site
// loads it: one module script and one <chauffeur-booking> element (docs/partners.md). Query
// parameters prefill it, so the fleet's "Book Now" links (/booking?vehicle=<slug>) pre-select
// their vehicle.
import type { MetaFunction } from '@remix-run/node';
import { useSearchParams } from '@remix-run/react';
import { useEffect, type DetailedHTMLProps, type HTMLAttributes } from 'react';
import { bookingPageMessages } from '@business-chauffeur/booking-contract';
import { rootMetaData } from '~/utils/content-seo';
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
      <script type="module" src={WIDGET_SRC} />
      {/* Re-created when the prefill changes (a new "Book Now" link), so it reads the new values. */}
      <chauffeur-booking key={params.toString()} {...prefill} />
    </section>
  );
}
