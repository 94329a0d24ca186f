// The sections of a page, in the order the editor arranged them in the Studio
// (docs/decisions/050-pages-built-from-sections.md). Each section type has one component here;
// the copy in them is the CMS's. app/content/page-sections.server.ts has already left out the
// types this site does not know, and the items of each list that are not complete. Sections that
// need styles beyond the page's own name them in pageSectionStyles, which routes give RouteStyles
// (app/utils/route-styles.tsx).
import type { PageSection } from '~/content/marketing-pages.server';
import contentListStyles from '~/styles/content-lists.css?inline';
import fleetStyles from '~/styles/fleet.css?inline';
import { AreaList } from './area-list';
import { BenefitIcon } from './benefit-icon';
import { BookingWidget, type PrefillAttributes } from './booking-widget';
import { CmsLink } from './cms-link';
import { FleetList } from './fleet-list';
import { DisclosureList } from './policy-page';
import { PortableText } from './portable-text';
import { ReviewCards, ReviewSummary } from './review-cards';
import { ServicesCarousel } from './services-carousel';
import { StoreBadges } from './store-badges';

type Section<T extends PageSection['_type']> = Extract<PageSection, { _type: T }>;

const SECTION_STYLES: Partial<Record<PageSection['_type'], string>> = {
  fleetList: fleetStyles,
  faqGroup: contentListStyles,
  serviceAreaList: contentListStyles,
};

/**
 * The styles a page's sections need besides the marketing pages' own, from a route's loader data
 * (`{ page: { sections } }`): for a route handle's `stylesFor`.
 */
export function pageSectionStyles(data: unknown): string[] {
  const sections = (data as { page?: { sections?: { _type: string }[] | null } } | undefined)?.page
    ?.sections;
  return [
    ...new Set(
      (sections ?? []).flatMap((section) => {
        const css = SECTION_STYLES[section._type as PageSection['_type']];
        return css ? [css] : [];
      }),
    ),
  ];
}

export function PageSections({ sections }: { sections: PageSection[] | null | undefined }) {
  if (!sections || sections.length === 0) return null;
  return (
    <>
      {sections.map((section) => {
        switch (section._type) {
          case 'richText':
            return section.body && section.body.length > 0 ? (
              <div key={section._key} className="container page-body">
                <div className="prose">
                  <PortableText value={section.body} />
                </div>
              </div>
            ) : null;
          case 'fleetList':
            return <FleetSection key={section._key} section={section} />;
          case 'reviewList':
            return <ReviewsSection key={section._key} section={section} />;
          case 'faqGroup':
            return <FaqGroup key={section._key} section={section} />;
          case 'serviceAreaList':
            return <ServiceAreaList key={section._key} section={section} />;
          case 'bookingSection':
            return <BookingSection key={section._key} section={section} />;
          case 'linkGroup':
            return <LinkGroup key={section._key} section={section} />;
          case 'benefitTiles':
            return <BenefitTiles key={section._key} section={section} />;
          case 'featureList':
            return <FeatureList key={section._key} section={section} />;
          case 'servicesCarousel':
            return (
              <ServicesCarousel
                key={section._key}
                heading={section.heading}
                intro={section.intro}
                slides={section.slides}
              />
            );
          case 'appDownload':
            return <AppDownload key={section._key} section={section} />;
          case 'statsBlock':
            return <StatsBlock key={section._key} section={section} />;
          case 'ctaBlock':
            return <CtaBlock key={section._key} section={section} />;
          case 'callToAction':
            return section.href && section.label ? (
              <div key={section._key} className="container page-section page-section--button">
                <CmsLink href={section.href} className="button button--accent button--large">
                  {section.label}
                </CmsLink>
              </div>
            ) : null;
          default:
            return null;
        }
      })}
    </>
  );
}

/**
 * A section's heading and what labels the section: none while a draft has no heading yet, rather
 * than an empty <h2> (the Studio requires the heading before publishing).
 */
function sectionHeading(key: string, text: string | null | undefined) {
  if (!text) return { labelledBy: undefined, heading: null };
  const id = `section-${key}`;
  return { labelledBy: id, heading: <h2 id={id}>{text}</h2> };
}

function FleetSection({ section }: { section: Section<'fleetList'> }) {
  if (!section.heading) return <FleetList categories={section.categories} />;
  const { labelledBy, heading } = sectionHeading(section._key, section.heading);
  return (
    <section className="page-section fleet-section" aria-labelledby={labelledBy}>
      <div className="container">{heading}</div>
      <FleetList categories={section.categories} />
    </section>
  );
}

function ReviewsSection({ section }: { section: Section<'reviewList'> }) {
  const { labelledBy, heading } = sectionHeading(section._key, section.heading);
  return (
    <section className="page-section" aria-labelledby={labelledBy}>
      <div className="container reviews">
        {heading}
        {section.intro ? <p className="section-intro">{section.intro}</p> : null}
        <ReviewSummary summary={section.summary} />
        <ReviewCards reviews={section.reviews} headingLevel={3} />
        {section.link ? (
          <p className="feature-list__link">
            <CmsLink href={section.link.href} className="button button--ghost">
              {section.link.label}
            </CmsLink>
          </p>
        ) : null}
      </div>
    </section>
  );
}

function FaqGroup({ section }: { section: Section<'faqGroup'> }) {
  const { labelledBy, heading } = sectionHeading(section._key, section.heading);
  const headingId = `section-${section._key}`;
  return (
    <section className="page-section faq-group" aria-labelledby={labelledBy}>
      <div className="container">
        {heading}
        {section.intro ? <p className="section-intro">{section.intro}</p> : null}
        {section.groups.map((group) => (
          <section
            key={group._id}
            className="faq-group__section"
            aria-labelledby={`${headingId}-${group.anchor}`}
          >
            <h3 id={`${headingId}-${group.anchor}`}>{group.title}</h3>
            <DisclosureList
              items={group.items.map((item) => ({
                key: item._key,
                title: item.question,
                body: item.answer,
              }))}
            />
          </section>
        ))}
      </div>
    </section>
  );
}

function ServiceAreaList({ section }: { section: Section<'serviceAreaList'> }) {
  const { labelledBy, heading } = sectionHeading(section._key, section.heading);
  return (
    <section className="page-section" aria-labelledby={labelledBy}>
      <div className="container">
        {heading}
        {section.intro ? <p className="section-intro">{section.intro}</p> : null}
        <AreaList areas={section.areas} headingLevel={3} />
      </div>
    </section>
  );
}

function BookingSection({ section }: { section: Section<'bookingSection'> }) {
  const { labelledBy, heading } = sectionHeading(section._key, section.heading);
  const prefill: PrefillAttributes = {};
  if (section.pickup) prefill.pickup = section.pickup;
  if (section.drop) prefill.drop = section.drop;
  if (section.vehicle) prefill.vehicle = section.vehicle;
  if (section.passengers) prefill.passengers = String(section.passengers);
  return (
    <section className="page-section booking-section" aria-labelledby={labelledBy}>
      <div className="container">
        {heading}
        {section.text ? <p className="section-intro">{section.text}</p> : null}
        <BookingWidget prefill={prefill} />
      </div>
    </section>
  );
}

function LinkGroup({ section }: { section: Section<'linkGroup'> }) {
  const { labelledBy, heading } = sectionHeading(section._key, section.title);
  return (
    <section className="page-section link-group" aria-labelledby={labelledBy}>
      <div className="container">
        {heading}
        <ul>
          {section.links.map((link) => (
            <li key={link._key}>
              <CmsLink href={link.href}>{link.label}</CmsLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function BenefitTiles({ section }: { section: Section<'benefitTiles'> }) {
  const { labelledBy, heading } = sectionHeading(section._key, section.heading);
  return (
    <section className="page-section benefit-tiles" aria-labelledby={labelledBy}>
      <div className="container">
        {heading}
        <ul className="benefit-tiles__list">
          {section.tiles.map((tile) => (
            <li key={tile._key} className="benefit-tile">
              <BenefitIcon name={tile.icon} />
              <h3>{tile.title}</h3>
              {tile.text ? <p>{tile.text}</p> : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function FeatureList({ section }: { section: Section<'featureList'> }) {
  const { labelledBy, heading } = sectionHeading(section._key, section.heading);
  return (
    <section className="page-section feature-list" aria-labelledby={labelledBy}>
      <div className="container">
        {heading}
        {section.intro ? <p className="section-intro">{section.intro}</p> : null}
        <ul className="feature-list__items">
          {section.items.map((item) => (
            <li key={item._key} className="feature-list__item">
              <svg
                className="feature-list__mark"
                viewBox="0 0 24 24"
                width="24"
                height="24"
                aria-hidden="true"
                focusable="false"
              >
                <path
                  d="M5 12.5l4.5 4.5L19 7.5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.5"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <div>
                <h3>{item.title}</h3>
                {item.text ? <p>{item.text}</p> : null}
              </div>
            </li>
          ))}
        </ul>
        {section.link ? (
          <p className="feature-list__link">
            <CmsLink href={section.link.href} className="button button--ghost">
              {section.link.label}
            </CmsLink>
          </p>
        ) : null}
      </div>
    </section>
  );
}

function AppDownload({ section }: { section: Section<'appDownload'> }) {
  const { labelledBy, heading } = sectionHeading(section._key, section.heading);
  return (
    <section className="page-section app-download" aria-labelledby={labelledBy}>
      <div className="container">
        <div className="app-download__inner">
          <div>
            {heading}
            {section.text ? <p>{section.text}</p> : null}
          </div>
          <StoreBadges className="app-download__badges" />
        </div>
      </div>
    </section>
  );
}

function StatsBlock({ section }: { section: Section<'statsBlock'> }) {
  const { labelledBy, heading } = sectionHeading(section._key, section.heading);
  return (
    <section className="page-section stats" aria-labelledby={labelledBy}>
      <div className="container">
        {heading}
        <dl className="stats__list">
          {section.items.map((item) => (
            <div key={item._key} className="stats__item">
              <dt>{item.label}</dt>
              <dd>{item.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function CtaBlock({ section }: { section: Section<'ctaBlock'> }) {
  const { labelledBy, heading } = sectionHeading(section._key, section.heading);
  return (
    <section className="page-section cta-block" aria-labelledby={labelledBy}>
      <div className="container">
        <div className="cta-block__inner">
          <div>
            {heading}
            {section.text ? <p>{section.text}</p> : null}
          </div>
          <div className="cta-block__actions">
            {section.actions.map((action, index) => (
              <CmsLink
                key={action._key}
                href={action.href}
                className={`button button--large${index === 0 ? ' button--accent' : ' button--light'}`}
              >
                {action.label}
              </CmsLink>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
