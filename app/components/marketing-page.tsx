// The layout every marketing page shares: the hero, the rich-text body, anything the route adds
// (a fleet list, a form), then the page's typed sections.
import type { MarketingPage } from '~/content/marketing-pages.server';
import { PageHero } from './page-hero';
import { PageSections } from './page-sections';
import { PortableText } from './portable-text';

export function MarketingPageView({
  page,
  children,
}: {
  page: MarketingPage;
  children?: React.ReactNode;
}) {
  return (
    <>
      <PageHero hero={page.hero} title={page.title} />
      {page.body && page.body.length > 0 ? (
        <div className="container page-body">
          <div className="prose">
            <PortableText value={page.body} />
          </div>
        </div>
      ) : null}
      {children}
      <PageSections sections={page.sections} />
    </>
  );
}
