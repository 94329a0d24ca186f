// Two small pages whose copy is one `page` document each: /sitemap (its link groups) and
// /signupSuccess (the confirmation after creating an account).
import { found } from '~/utils/not-found.server';
import { getAddressIndex, type AddressedDocument } from './addresses.server';
import { getContentSource } from './content.server';
import { normalizePath } from './content-routes';
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
  const linked = new Set(
    (sitemap.groups ?? []).flatMap((group) =>
      (group.links ?? []).flatMap((link) => (link.href ? [normalizePath(link.href)] : [])),
    ),
  );
  const groups = (sitemap.groups ?? []).map((group) => {
    const collects = group.collect ? COLLECTED[group.collect] : undefined;
    const collected = collects
      ? index.documents
          .filter((document) => collects(document) && !document.noIndex)
          .filter((document) => !linked.has(normalizePath(document.path)))
          .map((document) => ({ _key: document._id, label: document.title, href: document.path }))
      : [];
    return { _key: group._key, title: group.title, links: [...(group.links ?? []), ...collected] };
  });
  return { ...sitemap, groups };
}

export async function loadSignupSuccessPage(request: Request) {
  return found(await getContentSource(request).fetch(signupSuccessPageQuery));
}
