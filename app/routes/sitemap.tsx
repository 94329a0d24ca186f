// /sitemap: the site's pages in the groups staff arrange in the CMS (Main Pages, Service Areas,
// Additional Information).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract';
import { InfoHero } from '~/components/info-hero';
import { PortableText } from '~/components/portable-text';
import { loadSitemapPage } from '~/content/info-pages.server';
import { contentMeta, notFoundMeta, rootMetaData } from '~/utils/content-seo';
import infoPagesStyles from '~/styles/info-pages.css?inline';
import type { StylesHandle } from '~/utils/route-styles';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [infoPagesStyles] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? contentMeta(rootMetaData(matches), { ...data, description: data.hero?.text }, '/sitemap')
    : notFoundMeta(messages.notFound.title);

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSitemapPage(request);
}

export default function Sitemap() {
  const page = useLoaderData<typeof loader>();
  return (
    <>
      <InfoHero heading={page.hero?.heading ?? page.title ?? ''} text={page.hero?.text} />
      <div className="container info-body">
        {page.body ? (
          <div className="prose">
            <PortableText value={page.body} />
          </div>
        ) : null}
        <div className="sitemap-groups">
          {(page.groups ?? []).map((group) => (
            <section key={group._key} aria-labelledby={`group-${group._key}`} className="link-card">
              <h2 id={`group-${group._key}`}>{group.title}</h2>
              <ul>
                {(group.links ?? []).map((link) =>
                  link.href && link.label ? (
                    <li key={link._key}>
                      {link.href.startsWith('/') ? (
                        <Link to={link.href} prefetch="intent">
                          {link.label}
                        </Link>
                      ) : (
                        <a href={link.href}>{link.label}</a>
                      )}
                    </li>
                  ) : null,
                )}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
