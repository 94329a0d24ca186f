// Meta tags every page needs: a unique title, a description, an absolute canonical link and the
// Open Graph tags used when a page is shared. Route `meta` functions call pageMeta with the root
// loader's data (site name and SITE_URL) and their own values.
import type { MetaDescriptor } from '@remix-run/node';
import { cleanStega } from './stega';

export interface PageSeo {
  /** The page's own title; the site name is appended ("Fleet | Business Chauffeur"). */
  title: string;
  description: string;
  /** The path of the page's canonical URL, such as "/fleet". */
  path: string;
  keywords?: string[] | null;
  /** An absolute or site-relative image URL for link previews. */
  image?: string | null;
  noIndex?: boolean | null;
}

export interface SiteSeo {
  siteName: string;
  siteUrl: string;
}

export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${siteUrl.replace(/\/+$/, '')}/`).toString();
}

/** The page's tags, with clean strings: CMS text read in draft mode carries stega. */
export function pageMeta(site: SiteSeo, page: PageSeo): MetaDescriptor[] {
  return cleanStega(tagsOf(site, page));
}

function tagsOf(site: SiteSeo, page: PageSeo): MetaDescriptor[] {
  const title = page.title === site.siteName ? page.title : `${page.title} | ${site.siteName}`;
  const canonical = absoluteUrl(site.siteUrl, page.path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site.siteName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: 'en_AU' },
    { name: 'twitter:card', content: page.image ? 'summary_large_image' : 'summary' },
  ];
  if (page.image)
    tags.push({ property: 'og:image', content: absoluteUrl(site.siteUrl, page.image) });
  if (page.keywords && page.keywords.length > 0) {
    tags.push({ name: 'keywords', content: page.keywords.join(', ') });
  }
  if (page.noIndex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
