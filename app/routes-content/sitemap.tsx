// /sitemap: the site's pages in the groups staff arrange in the CMS (Main Pages, Service Areas,
// Additional Information). Each page's group is also recorded in app/content/content-routes.ts,
// which a test holds the seed content to.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { InfoPageLayout } from '~/components/info-hero';
import { loadSitemapPage } from '~/content/info-pages.server';
import { contentPageMeta, infoPageHandle, withHeroText } from './content-page';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle = infoPageHandle;

export const meta = contentPageMeta<typeof loader>((data) => withHeroText(data));

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSitemapPage(request);
}

export default function Sitemap() {
  const page = useLoaderData<typeof loader>();
  return (
    <InfoPageLayout page={page}>
      <div className="sitemap-groups">
        {page.groups.map((group) => (
          <section key={group._key} aria-labelledby={`group-${group._key}`} className="link-card">
            <h2 id={`group-${group._key}`}>{group.title}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link._key}>
                  {link.href.startsWith('/') ? (
                    <Link to={link.href} prefetch="intent">
                      {link.label}
                    </Link>
                  ) : (
                    <a href={link.href}>{link.label}</a>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </InfoPageLayout>
  );
}
