// The typed sections of a marketing page, in the order staff arranged them in the Studio. Each
// section type has one component here; the copy in them is the CMS's.
import type { PageSection } from '~/content/marketing-pages.server';
import { BenefitIcon } from './benefit-icon';
import { CmsLink } from './cms-link';
import { ServicesCarousel } from './services-carousel';
import { StoreBadges } from './store-badges';

type Section<T extends PageSection['_type']> = Extract<PageSection, { _type: T }>;

export function PageSections({ sections }: { sections: PageSection[] | null | undefined }) {
  if (!sections || sections.length === 0) return null;
  return (
    <>
      {sections.map((section) => {
        switch (section._type) {
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
                slides={section.slides ?? []}
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

function BenefitTiles({ section }: { section: Section<'benefitTiles'> }) {
  const headingId = `section-${section._key}`;
  return (
    <section
      className="page-section benefit-tiles"
      aria-labelledby={section.heading ? headingId : undefined}
    >
      <div className="container">
        {section.heading ? <h2 id={headingId}>{section.heading}</h2> : null}
        <ul className="benefit-tiles__list">
          {(section.tiles ?? []).map((tile) => (
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
  const headingId = `section-${section._key}`;
  return (
    <section className="page-section feature-list" aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId}>{section.heading}</h2>
        {section.intro ? <p className="section-intro">{section.intro}</p> : null}
        <ul className="feature-list__items">
          {(section.items ?? []).map((item) => (
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
        {section.link?.href && section.link.label ? (
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
  const headingId = `section-${section._key}`;
  return (
    <section className="page-section app-download" aria-labelledby={headingId}>
      <div className="container">
        <div className="app-download__inner">
          <div>
            <h2 id={headingId}>{section.heading}</h2>
            {section.text ? <p>{section.text}</p> : null}
          </div>
          <StoreBadges className="app-download__badges" />
        </div>
      </div>
    </section>
  );
}

function StatsBlock({ section }: { section: Section<'statsBlock'> }) {
  const headingId = `section-${section._key}`;
  return (
    <section
      className="page-section stats"
      aria-labelledby={section.heading ? headingId : undefined}
    >
      <div className="container">
        {section.heading ? <h2 id={headingId}>{section.heading}</h2> : null}
        <dl className="stats__list">
          {(section.items ?? []).map((item) => (
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
  const headingId = `section-${section._key}`;
  const actions = (section.actions ?? []).filter((action) => action.href && action.label);
  return (
    <section className="page-section cta-block" aria-labelledby={headingId}>
      <div className="container">
        <div className="cta-block__inner">
          <div>
            <h2 id={headingId}>{section.heading}</h2>
            {section.text ? <p>{section.text}</p> : null}
          </div>
          <div className="cta-block__actions">
            {actions.map((action, index) => (
              <CmsLink
                key={action._key}
                href={action.href as string}
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
