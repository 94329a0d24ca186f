// The entries of /sitemap.xml: every public page of the site. The pages are those of
// app/content/content-routes.ts that are not marked as hidden from the sitemap; the CMS adds when
// each one last changed, hides those staff marked "hide from search engines", and lists one page
// per bookable vehicle (/fleet/<slug>).
import { getContentSource } from './content.server';
import { sitemapPaths } from './content-routes';
import { sitemapEntriesQuery } from './queries.server';

/**
 * The pages search engines should find, in the order of the site's navigation. Not listed: the
 * account pages (/signin, /signup, /signupSuccess), /manage-booking and /completion, which show
 * one customer's data or a form with nothing to index, and the API.
 */
export const PUBLIC_PATHS: readonly string[] = sitemapPaths();

export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

/** The path of the page whose document has this route key ("home" is the front page). */
function pathOf(route: string): string {
  return route === 'home' ? '/' : `/${route}`;
}

export async function getSitemapEntries(): Promise<SitemapEntry[]> {
  const { documents, vehicles } = await getContentSource().fetch(sitemapEntriesQuery);
  const byPath = new Map(
    documents.filter((doc) => doc.route).map((doc) => [pathOf(doc.route as string), doc]),
  );
  const pages = PUBLIC_PATHS.filter((path) => !byPath.get(path)?.noIndex).map((path) => ({
    path,
    lastModified: byPath.get(path)?._updatedAt ?? undefined,
  }));
  const vehiclePages = vehicles
    .filter((vehicle) => vehicle.slug)
    .map((vehicle) => ({
      path: `/fleet/${encodeURIComponent(vehicle.slug as string)}`,
      lastModified: vehicle._updatedAt ?? undefined,
    }));
  return [...pages, ...vehiclePages];
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The sitemap protocol's XML (sitemaps.org), with absolute URLs on SITE_URL. */
export function renderSitemapXml(entries: readonly SitemapEntry[], siteUrl: string): string {
  const base = siteUrl.replace(/\/+$/, '');
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified
      ? `<lastmod>${escapeXml(new Date(entry.lastModified).toISOString())}</lastmod>`
      : '';
    return `  <url><loc>${escapeXml(`${base}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
