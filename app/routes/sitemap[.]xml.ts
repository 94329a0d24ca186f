// /sitemap.xml: every public page for search engines (see app/content/sitemap-xml.server.ts).
import { getSitemapEntries, renderSitemapXml } from '~/content/sitemap-xml.server';
import { getConfig } from '~/utils/env.server';

export async function loader() {
  const xml = renderSitemapXml(await getSitemapEntries(), getConfig().siteUrl);
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=0, s-maxage=3600, stale-while-revalidate=86400',
    },
  });
}
