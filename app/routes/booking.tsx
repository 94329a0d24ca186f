// /booking (docs/product.md, "Routes"): the booking wizard (app/components/booking-widget.tsx),
// loaded exactly as a partner site loads it. Query parameters prefill it, so the fleet's "Book
// Now" links (/booking?vehicle=<slug>) pre-select their vehicle.
import type { MetaFunction } from '@remix-run/node';
import { useSearchParams } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract/site';
import { BookingWidget, type PrefillAttributes } from '~/components/booking-widget';
import { rootMetaData } from '~/utils/content-seo';
import { pageMeta } from '~/utils/seo';
export { routeHeaders as headers } from '~/utils/route-headers';

export const meta: MetaFunction = ({ matches }) => {
  const root = rootMetaData(matches);
  if (!root) return [];
  return pageMeta(
    { siteName: root.settings.name ?? '', siteUrl: root.publicEnv.SITE_URL },
    {
      title: messages.bookingPage.title,
      description: messages.bookingPage.description,
      path: '/booking',
    },
  );
};

/** The query parameters /booking hands to the widget as its prefill attributes. */
const PREFILL = ['pickup', 'drop', 'date', 'passengers', 'vehicle'] as const;

export default function Booking() {
  const [params] = useSearchParams();
  const prefill: PrefillAttributes = {};
  for (const name of PREFILL) {
    const value = params.get(name)?.trim();
    if (value) prefill[name] = value.slice(0, 200);
  }
  return (
    <section className="container booking-page" aria-labelledby="booking-title">
      <h1 id="booking-title">{messages.bookingPage.title}</h1>
      <BookingWidget prefill={prefill} />
    </section>
  );
}
