// One service-area page: hero with the breadcrumb (Home > Service Areas > area), the shared
// booking call to action, the area's copy, "Why choose us", and the phone line for wedding and
// booking enquiries, with the business's structured data for search engines.
// app/routes/$.tsx renders it at each service area's own address.
import { useRouteLoaderData } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract/site';
import type { ServiceAreaPage } from '~/content/service-areas.server';
import type { loader as rootLoader } from '~/root';
import { businessFacts, businessJsonLd } from '~/utils/json-ld';
import { telHref } from '~/utils/links';
import { BookingBanner } from './booking-banner';
import { contentTrail, trailJsonLd, type PagePlace } from './breadcrumb-trail';
import { InfoHero } from './info-hero';
import { JsonLdScript } from './json-ld';
import { PortableText } from './portable-text';

/** A reason with its title (app/content/service-areas.server.ts leaves out the others). */
interface Reason {
  _key: string;
  title: string;
  text: string | null;
}

/** The "Why choose us" band of the service-area pages and their index. */
export function WhyChooseBand({
  heading,
  intro,
  items,
}: {
  heading: string | null | undefined;
  intro?: string | null;
  items: readonly Reason[] | null | undefined;
}) {
  const reasons = items ?? [];
  if (reasons.length === 0) return null;
  return (
    <section className="info-band" aria-labelledby="why-choose-title">
      <div className="container">
        <h2 id="why-choose-title">{heading}</h2>
        {intro ? <p>{intro}</p> : null}
        <ul className="reason-grid">
          {reasons.map((reason) => (
            <li key={reason._key} className="reason-card">
              <h3>{reason.title}</h3>
              {reason.text ? <p>{reason.text}</p> : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function ServiceAreaPageView({ area, place }: { area: ServiceAreaPage; place: PagePlace }) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const settings = root?.settings;
  const name = area.name ?? '';
  const crumbs = contentTrail(place, name, area.parent?.title);
  const phone = settings?.phone;
  return (
    <>
      <InfoHero
        heading={area.hero?.heading ?? name}
        text={area.hero?.text}
        image={area.hero?.image}
        breadcrumb={crumbs}
      />
      {area.parent?.bookingCta ? (
        <BookingBanner banner={area.parent.bookingCta} id="booking-cta-title" />
      ) : null}
      <div className="container info-body">
        <div className="prose area-copy">
          <PortableText value={area.copy} />
        </div>
      </div>
      <WhyChooseBand heading={area.whyChooseUs?.heading} items={area.whyChooseUs?.items} />
      {area.enquiries?.heading ? (
        <section className="container enquiries" aria-labelledby="enquiries-title">
          <h2 id="enquiries-title">{area.enquiries.heading}</h2>
          {area.enquiries.text ? <p>{area.enquiries.text}</p> : null}
          {phone ? (
            <p>
              <a className="button button--accent button--large" href={telHref(phone)}>
                {messages.infoPages.call(phone)}
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
      {root && settings ? (
        <JsonLdScript
          data={[
            businessJsonLd(businessFacts(settings), root.publicEnv.SITE_URL, area.areasServed),
            trailJsonLd(root.publicEnv.SITE_URL, crumbs),
          ]}
        />
      ) : null}
    </>
  );
}
