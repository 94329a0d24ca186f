/**
 * The rules an address must follow, for the `route` slug of pages, service areas and policies and
 * for the `from` of redirects (docs/decisions/049-pages-by-address.md). The app's own addresses
 * come from the site's registry (app/content/content-routes.ts, plain data with no imports, so the
 * Studio bundles it as it is). The rules are pure functions; the validators in
 * schemaTypes/fields.ts and schemaTypes/documents/redirect.ts give them what they read from the
 * dataset.
 */
import {
  ADDRESS_MAX_LENGTH,
  ADDRESS_PATTERN,
  ADDRESSED_TYPES,
  appPageOf,
  documentPath,
  followRedirect,
  isAppPath,
  normalizePath,
} from '../../app/content/content-routes';

export { ADDRESSED_TYPES, documentPath, normalizePath };

/** The API version the Studio's own queries and writes use. */
export const STUDIO_API_VERSION = '2025-02-19';

export interface AddressInput {
  /** The document's type: page, serviceArea or policy. */
  type: string;
  /** The address being checked, without its leading slash ("weddings"). */
  slug: string;
  /** The address its published version has, when it has one. */
  publishedSlug?: string | null;
}

/**
 * What is wrong with a document's address, or null. Today's addresses with capitals
 * (/joinFleet, /cancellationPolicy) stay valid while they are unchanged; a new or changed address
 * follows the pattern. A document shown by one of the app's own pages (/faqs, /contact, the home
 * page) keeps its address, and no other document may take an address the app answers.
 */
export function addressProblem({ type, slug, publishedSlug }: AddressInput): string | null {
  const changed = slug !== publishedSlug;
  const appPage = publishedSlug ? appPageOf(type, publishedSlug) : undefined;
  if (appPage && changed) {
    return `This is the text of the site's own page at ${appPage.path}: its address stays "${publishedSlug}".`;
  }
  if (changed && slug.length > ADDRESS_MAX_LENGTH) {
    return `Use at most ${ADDRESS_MAX_LENGTH} characters.`;
  }
  if (changed && !ADDRESS_PATTERN.test(slug)) {
    return 'Use lower-case letters and digits, with single hyphens between words, for example "weddings" or "service-area-toowoomba".';
  }
  if (!appPageOf(type, slug) && isAppPath(`/${slug}`)) {
    return `/${slug} is one of the site's own pages. Choose another address.`;
  }
  return null;
}

/** Another document that already has the address, as the uniqueness query found it. */
export interface AddressHolder {
  _type: string;
  title?: string | null;
}

/** The message for an address another document already has (in any letter case). */
export function duplicateMessage(slug: string, holder: AddressHolder): string {
  const kind = KIND_NAMES[holder._type] ?? 'document';
  const name = holder.title ? ` "${holder.title}"` : '';
  return `The ${kind}${name} already has the address /${slug}. Each address belongs to one page.`;
}

const KIND_NAMES: Record<string, string> = {
  page: 'page',
  serviceArea: 'service area',
  policy: 'policy',
};

/**
 * An address a redirect may come from: a path on this site ("/old-wedding-page"), in segments of
 * letters, digits and . _ ~ - (the client's old addresses had capitals and sometimes .html).
 */
export const REDIRECT_FROM_PATTERN = /^\/[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*$/;

/** An address a redirect may go to on this site: a path, with an optional query. */
export const REDIRECT_TO_PATTERN = /^\/(?![/\\])[^\s\\]*$/;

/** What is wrong with a redirect's `from`, before looking at the rest of the content, or null. */
export function redirectFromProblem(from: string): string | null {
  if (!REDIRECT_FROM_PATTERN.test(from)) {
    return 'Write the old address as a path on this site, starting with /, for example /wedding-cars.';
  }
  if (isAppPath(from)) {
    return `${from} is one of the site's own pages: it always answers itself, so a redirect from it would never be used.`;
  }
  return null;
}

/** Another redirect, as the loop check reads it: its address and where it goes. */
export interface OtherRedirect {
  from: string;
  /** A typed target, or the current address of the document it points at. */
  target: string;
}

/**
 * Whether a redirect from `from` to `target` would go round in a circle, given every other
 * redirect and the documents' addresses (a document's address ends a chain: it answers there).
 */
export function redirectLoops(
  from: string,
  target: string,
  others: readonly OtherRedirect[],
  documentPaths: readonly string[],
): boolean {
  const targets = new Map(
    others
      .filter((other) => normalizePath(other.from) !== normalizePath(from))
      .map((other) => [normalizePath(other.from), other.target] as const),
  );
  const documents = new Map(documentPaths.map((path) => [normalizePath(path), path] as const));
  return followRedirect(from, target, targets, (key) => documents.get(key)) === null;
}
