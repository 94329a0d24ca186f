// What the route modules of the content pages share: their styles, their `meta` (the page's SEO
// fields with its canonical path from the registry, or the error page's title). Each module of
// app/routes-content serves the path app/content/content-routes.ts maps onto it.
import type { MetaFunction } from '@remix-run/node';
import { pageSectionStyles } from '~/components/page-sections';
import { contentRouteFor } from '~/content/content-routes';
import { contentMeta, errorMeta, rootMetaData, type ContentSeoFields } from '~/utils/content-seo';
import infoPagesStyles from '~/styles/info-pages.css?inline';
import pagesStyles from '~/styles/pages.css?inline';
import type { AppHandle } from '~/utils/page-app';
import type { StylesHandle } from '~/utils/route-styles';

/** The FAQ, policy, service-area and sitemap pages. */
export const infoPageHandle: StylesHandle & AppHandle = {
  styles: [infoPagesStyles],
  withoutApp: true,
};
/**
 * The marketing pages (hero, body, sections), with what their sections need besides (the fleet
 * list's styles …), from loader data with the page as `page`.
 */
export const marketingPageHandle: StylesHandle & AppHandle = {
  styles: [pagesStyles],
  stylesFor: pageSectionStyles,
  withoutApp: true,
};

/** The one address of the page at this path (Remix also matches it in other letter cases). */
export function canonicalPath(pathname: string): string {
  return contentRouteFor(pathname)?.path ?? pathname;
}

type MetaData<Loader> = NonNullable<Parameters<MetaFunction<Loader>>[0]['data']>;

/**
 * `meta` of a content page: its SEO fields, or, when its loader failed, the not-found title for a
 * 404 and the root's title of the error page otherwise.
 */
export function contentPageMeta<Loader>(
  fields: (data: MetaData<Loader>) => ContentSeoFields,
): MetaFunction<Loader> {
  return ({ data, matches, location, error }) =>
    data
      ? contentMeta(rootMetaData(matches), fields(data), canonicalPath(location.pathname))
      : errorMeta(error, matches);
}

/** An index page's SEO fields: its hero's text stands in for a description. */
export function withHeroText<
  Page extends ContentSeoFields & { hero?: { text?: string | null } | null },
>(page: Page): ContentSeoFields {
  return { ...page, description: page.hero?.text };
}

/** `meta` of an index page (policies, service areas, FAQs), whose loader returns its `page`. */
export const indexPageMeta = contentPageMeta<() => Promise<{ page: IndexPageSeo }>>((data) =>
  withHeroText(data.page),
);

type IndexPageSeo = ContentSeoFields & { hero: { text: string | null } | null };
