// /robots.txt: every page may be crawled except the JSON API; points crawlers to the sitemap.
import { getConfig } from '~/utils/env.server';

export function loader() {
  const siteUrl = getConfig().siteUrl.replace(/\/+$/, '');
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600, s-maxage=86400',
    },
  });
}
