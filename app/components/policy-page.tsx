// One policy page: hero with the breadcrumb (Home > Policies > policy), the introduction, then
// the sections, each opened and closed on its own. The route modules of the six policy URLs
// render it with their loader's data.
import { useRouteLoaderData } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract';
import type { PolicyPage } from '~/content/policies.server';
import type { loader as rootLoader } from '~/root';
import { breadcrumbJsonLd } from '~/utils/json-ld';
import type { Crumb } from './breadcrumb-trail';
import { Disclosure } from './disclosure';
import { InfoHero } from './info-hero';
import { JsonLdScript } from './json-ld';
import { PortableText } from './portable-text';

export function PolicyPageView({ policy }: { policy: PolicyPage }) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const title = policy.title ?? '';
  const parent = policy.listed !== false && policy.parent?.title ? policy.parent : null;
  const crumbs: Crumb[] = [
    { label: messages.infoPages.home, to: '/' },
    ...(parent ? [{ label: parent.title ?? '', to: `/${parent.route}` }] : []),
    { label: title, to: `/${policy.route}` },
  ];
  const sections = (policy.sections ?? []).filter((section) => section.title);
  return (
    <>
      <InfoHero heading={title} text={policy.summary} breadcrumb={crumbs} />
      <div className="container info-body">
        <div className="prose">
          <PortableText value={policy.intro} />
        </div>
        {sections.length > 0 ? (
          <div className="disclosure-list">
            {sections.map((section) => (
              <Disclosure key={section._key} title={section.title ?? ''}>
                <div className="prose">
                  <PortableText value={section.body} />
                </div>
              </Disclosure>
            ))}
          </div>
        ) : null}
      </div>
      {root ? (
        <JsonLdScript
          data={breadcrumbJsonLd(
            root.publicEnv.SITE_URL,
            crumbs.map((crumb) => ({ name: crumb.label, path: crumb.to ?? '/' })),
          )}
        />
      ) : null}
    </>
  );
}
