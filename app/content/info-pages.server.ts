// Two small pages whose copy is one `page` document each: /sitemap (its link groups) and
// /signupSuccess (the confirmation after creating an account).
import { found } from '~/utils/not-found.server';
import { getAddressIndex, type AddressedDocument } from './addresses.server';
import { getContentSource } from './content.server';
import { normalizePath } from './content-routes';
import { completeLinks } from './page-sections.server';
import { signupSuccessPageQuery, sitemapPageQuery } from './queries.server';

/** The documents a /sitemap link group lists by itself, by the group's `collect` choice. */
const COLLECTED: Record<string, (document: AddressedDocument) => boolean> = {
  pages: (document) => document.type === 'page' && !document.appPage && document.listed,
  serviceAreas: (document) => document.type === 'serviceArea',
  policies: (document) => document.type === 'policy' && document.listed,
};

/**
 * /sitemap: the link groups staff arranged, each followed by the documents it collects (every
 * page, service area or listed policy, hidden from search engines or not yet linked excepted),
 * so a page published later is on /sitemap with no edit to it.
 */
export async function loadSitemapPage(request: Request) {
  const [page, index] = await Promise.all([
    getContentSource(request).fetch(sitemapPageQuery),
    getAddressIndex(request),
  ]);
  const sitemap = found(page);
  // The links staff wrote, those with a label and an address (as a page's link group shows them).
  const written = (sitemap.groups ?? []).map((group) => ({
    ...group,
    links: completeLinks(group.links),
  }));
  const linked = new Set(
    written.flatMap((group) => group.links.map((link) => normalizePath(link.href))),
  );
  const groups = written.map((group) => {
    const collects = group.collect ? COLLECTED[group.collect] : undefined;
    const collected = collects
      ? index.documents
          .filter((document) => collects(document) && !document.noIndex)
          .filter((document) => !linked.has(normalizePath(document.path)))
          .map((document) => ({ _key: document._id, label: document.title, href: document.path }))
      : [];
    return {
      _key: group._key,
      title: group.title,
      links: completeLinks([...group.links, ...collected]),
    };
  });
  return { ...sitemap, groups };
}

export async function loadSignupSuccessPage(request: Request) {
  return found(await getContentSource(request).fetch(signupSuccessPageQuery));
}
