// One service-area page: hero with the breadcrumb (Home > Service Areas > area), the shared
// booking call to action, the area's copy, "Why choose us", and the phone line for wedding and
// booking enquiries, with the business's structured data for search engines.
import { useRouteLoaderData } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract';
import type { ServiceAreaPage } from '~/content/service-areas.server';
import type { loader as rootLoader } from '~/root';
import { breadcrumbJsonLd, businessFacts, businessJsonLd } from '~/utils/json-ld';
import { telHref } from '~/utils/links';
import { BookingBanner } from './booking-banner';
import type { Crumb } from './breadcrumb-trail';
import { InfoHero } from './info-hero';
import { JsonLdScript } from './json-ld';
import { PortableText } from './portable-text';

export function ServiceAreaPageView({ area }: { area: ServiceAreaPage }) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const settings = root?.settings;
  const name = area.name ?? '';
  const crumbs: Crumb[] = [
    { label: messages.infoPages.home, to: '/' },
    ...(area.parent?.title ? [{ label: area.parent.title, to: `/${area.parent.route}` }] : []),
    { label: name, to: `/${area.route}` },
  ];
  const reasons = (area.whyChooseUs?.items ?? []).filter((item) => item.title);
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
      {reasons.length > 0 ? (
        <section className="info-band" aria-labelledby="why-choose-title">
          <div className="container">
            <h2 id="why-choose-title">{area.whyChooseUs?.heading}</h2>
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
      ) : null}
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
            breadcrumbJsonLd(
              root.publicEnv.SITE_URL,
              crumbs.map((crumb) => ({ name: crumb.label, path: crumb.to ?? '/' })),
            ),
          ]}
        />
      ) : null}
    </>
  );
}
