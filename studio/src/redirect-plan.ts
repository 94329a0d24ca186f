/**
 * What publishing a page, service area or policy under a new address does to the redirects
 * (studio/src/redirect-on-rename.ts carries it out): a redirect from the old address to the
 * document, and none left from the address it takes (back). Pure, with no Studio imports, so the
 * site's tests make the same redirects an editor's publish would.
 */
import { appPageOf, normalizePath } from '../../app/content/content-routes';
import { ADDRESSED_TYPES } from './addresses';

export interface RenamedDocument {
  /** The published document's id (no drafts. prefix). */
  id: string;
  type: string;
  /** The address it is published under now, if it is published. */
  before: string | null | undefined;
  /** The address it is about to be published under. */
  after: string | null | undefined;
  /** The redirects that point at this document: their ids and old addresses. */
  redirectsToIt: readonly { _id: string; from: string }[];
}

export interface RedirectDocument {
  _id: string;
  _type: 'redirect';
  from: string;
  to: { _type: 'reference'; _ref: string; _weak: true };
}

export interface RedirectPlan {
  create: RedirectDocument | null;
  /** Ids of redirects to delete: those from the address the document now has again. */
  remove: string[];
}

/** The id of the redirect from an address: the same for every letter case of it. */
export function redirectId(from: string): string {
  const name = normalizePath(from)
    .slice(1)
    .replace(/[^a-z0-9_-]+/g, '.')
    .replace(/^\.+|\.+$/g, '');
  return `redirect.${name || 'root'}`;
}

/** What publishing the document should do to the redirects. */
export function planRedirects({
  id,
  type,
  before,
  after,
  redirectsToIt,
}: RenamedDocument): RedirectPlan {
  const none: RedirectPlan = { create: null, remove: [] };
  if (!ADDRESSED_TYPES.includes(type as never) || !after) return none;
  const newPath = normalizePath(`/${after}`);
  const remove = redirectsToIt
    .filter((redirect) => normalizePath(redirect.from) === newPath)
    .map((redirect) => redirect._id);
  // Not published yet, or the same address in another letter case (matched either way), or one of
  // the app's own pages (its address cannot change): nothing to redirect.
  if (!before || normalizePath(`/${before}`) === newPath || appPageOf(type, before)) {
    return { create: null, remove };
  }
  return {
    create: {
      _id: redirectId(`/${before}`),
      _type: 'redirect',
      from: `/${before}`,
      to: { _type: 'reference', _ref: id, _weak: true },
    },
    remove,
  };
}
