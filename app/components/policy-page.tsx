// One policy page: hero with the breadcrumb (Home > Policies > policy), the introduction, then
// the sections, each opened and closed on its own. app/routes/$.tsx renders it at each policy's
// own address.
import { useRouteLoaderData } from '@remix-run/react';
import type { PolicyPage } from '~/content/policies.server';
import type { loader as rootLoader } from '~/root';
import { contentTrail, trailJsonLd, type PagePlace } from './breadcrumb-trail';
import { Disclosure } from './disclosure';
import { InfoHero } from './info-hero';
import { JsonLdScript } from './json-ld';
import { PortableText } from './portable-text';

/** Sections readers open and close one at a time (policy sections, FAQ answers). */
export function DisclosureList({
  items,
}: {
  items: readonly { key: string; title: string; body: unknown[] | null | undefined }[];
}) {
  return (
    <div className="disclosure-list">
      {items.map((item) => (
        <Disclosure key={item.key} title={item.title}>
          <div className="prose">
            <PortableText value={item.body} />
          </div>
        </Disclosure>
      ))}
    </div>
  );
}

export function PolicyPageView({ policy, place }: { policy: PolicyPage; place: PagePlace }) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const title = policy.title ?? '';
  // A policy staff keep off the Policies page (the terms) is not placed under it either.
  const crumbs = contentTrail(place, title, policy.listed !== false ? policy.parent?.title : null);
  return (
    <>
      <InfoHero heading={title} text={policy.summary} breadcrumb={crumbs} />
      <div className="container info-body">
        <div className="prose">
          <PortableText value={policy.intro} />
        </div>
        {policy.sections.length > 0 ? (
          <DisclosureList
            items={policy.sections.map((section) => ({
              key: section._key,
              title: section.title,
              body: section.body,
            }))}
          />
        ) : null}
      </div>
      {root ? <JsonLdScript data={trailJsonLd(root.publicEnv.SITE_URL, crumbs)} /> : null}
    </>
  );
}
