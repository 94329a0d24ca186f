// Meta tags for pages whose copy comes from the CMS: the page's own SEO fields first, then its
// hero and title, then the site's defaults (name, description, the landing picture as the social
// image). Route `meta` functions call contentMeta with the root loader's data (site name, default
// description, landing picture, SITE_URL).
import type { MetaDescriptor } from '@remix-run/node';
import { isRouteErrorResponse } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract/site';
import { pageMeta } from './seo';

/** What `meta` needs from the root loader's data. */
export interface RootMetaData {
  settings: {
    name: string | null;
    description: string | null;
    hero?: { image?: { url: string | null } | null } | null;
  };
  publicEnv: { SITE_URL: string };
  /** Draft mode: no page is indexed. */
  preview?: boolean;
}

export interface ContentSeoFields {
  title: string | null;
  description?: string | null;
  seo?: {
    title: string | null;
    description: string | null;
    keywords: string[] | null;
    noIndex: boolean | null;
    /** The social image staff chose for the page (its URL). */
    image?: string | null;
  } | null;
  /** The page's own picture (its hero's), the social image when SEO names none. */
  image?: string | null;
}

/** Finds the root route's data among a meta function's matches. */
export function rootMetaData(
  matches: readonly { id: string; data?: unknown }[],
): RootMetaData | undefined {
  return matches.find((match) => match.id === 'root')?.data as RootMetaData | undefined;
}

export function contentMeta(
  root: RootMetaData | undefined,
  page: ContentSeoFields,
  path: string,
  extra: MetaDescriptor[] = [],
): MetaDescriptor[] {
  if (!root) return [];
  const siteName = root.settings.name ?? '';
  return [
    ...pageMeta(
      { siteName, siteUrl: root.publicEnv.SITE_URL },
      {
        title: page.seo?.title || page.title || siteName,
        description:
          page.seo?.description || page.description || root.settings.description || siteName,
        path,
        keywords: page.seo?.keywords,
        image: page.seo?.image || page.image || root.settings.hero?.image?.url,
        noIndex: page.seo?.noIndex || root.preview,
      },
    ),
    ...extra,
  ];
}

/** Meta for a content route whose loader answered 404: the not-found title, kept out of search. */
export function notFoundMeta(title: string): MetaDescriptor[] {
  return [{ title }, { name: 'robots', content: 'noindex' }];
}

/**
 * Meta for a content route whose loader failed: the not-found title for a 404, else the root's,
 * which names the page shown ("We will be right back" while the CMS is down).
 */
export function errorMeta(
  error: unknown,
  matches: readonly { id: string; meta: MetaDescriptor[] }[],
): MetaDescriptor[] {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return notFoundMeta(messages.notFound.title);
  }
  return matches.find((match) => match.id === 'root')?.meta ?? [];
}
