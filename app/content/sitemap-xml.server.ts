// The entries of /sitemap.xml: every public page of the site. First the app's own pages of
// app/content/content-routes.ts that are not marked as hidden from the sitemap, then every page,
// service area and policy at its own address (from the address index, so a document published
// with a new address is listed at once); the CMS adds when each one last changed and hides those
// staff marked "hide from search engines"; then one page per bookable vehicle (/fleet/<slug>).
import { getAddressIndex } from './addresses.server';
import { getContentSource } from './content.server';
import { normalizePath, sitemapPaths } from './content-routes';
import { sitemapVehiclesQuery } from './queries.server';

/**
 * The app's own pages search engines should find, in the order of the site's navigation. Not
 * listed: the account pages (/signin, /signup, /signupSuccess), /manage-booking and /completion,
 * which show one customer's data or a form with nothing to index, and the API.
 */
export const PUBLIC_PATHS: readonly string[] = sitemapPaths();

export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

export async function getSitemapEntries(): Promise<SitemapEntry[]> {
  const [index, vehicles] = await Promise.all([
    getAddressIndex(),
    getContentSource().fetch(sitemapVehiclesQuery),
  ]);
  const appPages = PUBLIC_PATHS.flatMap((path) => {
    const document = index.byPath.get(normalizePath(path));
    return document?.noIndex ? [] : [{ path, lastModified: document?.updatedAt ?? undefined }];
  });
  const documentPages = index.documents
    .filter((document) => !document.appPage && !document.noIndex)
    .map((document) => ({ path: document.path, lastModified: document.updatedAt ?? undefined }));
  const vehiclePages = vehicles
    .filter((vehicle) => vehicle.slug)
    .map((vehicle) => ({
      path: `/fleet/${encodeURIComponent(vehicle.slug as string)}`,
      lastModified: vehicle._updatedAt ?? undefined,
    }));
  return [...appPages, ...documentPages, ...vehiclePages];
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
