// Which CMS document or redirect an address is (docs/decisions/049-pages-by-address.md). Pages,
// service areas and policies take their address from their `route` slug, so the site learns its
// addresses from the content: one query (addressIndexQuery) lists every addressed document and
// every redirect, and the index built from its result is kept for as long as the content source
// returns that same result, that is per content revision (the embedded adapter keeps one result
// per dataset revision, the Sanity adapter one per query until the webhook or its minute is up).
// So an address nobody published costs a map lookup, not a CMS query, however many are asked for;
// and a document published with a new address is found on the next request after the content
// changed, with no restart.
import { log } from '~/utils/log.server';
import type { QueryResult } from './content-source.server';
import { getContentSource } from './content.server';
import {
  ADDRESSED_TYPES,
  appPageOf,
  documentPath,
  followRedirect,
  isAppPath,
  normalizePath,
  type ContentDocumentType,
} from './content-routes';
import { addressIndexQuery } from './queries.server';

type IndexResult = QueryResult<typeof addressIndexQuery>;
type IndexedDocument = IndexResult['documents'][number];

export interface AddressedDocument {
  _id: string;
  type: ContentDocumentType;
  /** The route slug as the document spells it (the address keeps its letter case). */
  route: string;
  /** The document's one canonical address. */
  path: string;
  title: string | null;
  updatedAt: string | null;
  noIndex: boolean;
  /** Listed under its parent: policies on /bccPolicies, pages on /sitemap (both unless unticked). */
  listed: boolean;
  /** Shown by one of the app's own pages (/faqs, /contact, the home page …), not by app/routes/$.tsx. */
  appPage: boolean;
}

export interface AddressIndex {
  /** Every addressed document, in the order of the query (order number, then title). */
  documents: readonly AddressedDocument[];
  /** The documents by normalised address (lower case, no trailing slash). */
  byPath: ReadonlyMap<string, AddressedDocument>;
  /** Where each redirect ends, after following any chain, by its normalised `from` address. */
  redirects: ReadonlyMap<string, string>;
}

export type AddressResolution =
  | { kind: 'document'; document: AddressedDocument }
  | { kind: 'redirect'; location: string }
  | { kind: 'none' };

/** How many redirects a chain may pass through before the server gives up on it. */
const MAX_HOPS = 10;

/**
 * A target typed into a redirect: a path on this site, never another site. `//host` and `/\host`
 * are other sites to a browser.
 */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

type Logger = Pick<typeof log, 'warn'>;

const indexes = new WeakMap<object, AddressIndex>();

/** The address index of the content this request sees (drafts, for staff in preview). */
export async function getAddressIndex(request?: Request): Promise<AddressIndex> {
  const result = await getContentSource(request).fetch(addressIndexQuery);
  let index = indexes.get(result);
  if (!index) {
    index = buildAddressIndex(result);
    indexes.set(result, index);
  }
  return index;
}

/**
 * What the site answers at an address no route of the app matched: a document's page, a redirect
 * to where the content now is, or nothing (the 404 page).
 */
export async function resolveAddress(
  pathname: string,
  request?: Request,
): Promise<AddressResolution> {
  const index = await getAddressIndex(request);
  const wanted = normalizePath(pathname);
  const document = index.byPath.get(wanted);
  if (document && !document.appPage) return { kind: 'document', document };
  const location = index.redirects.get(wanted);
  if (location) return { kind: 'redirect', location };
  return { kind: 'none' };
}

/** Builds the index from the query's result; what it leaves out, it logs once per revision. */
export function buildAddressIndex(result: IndexResult, logger: Logger = log): AddressIndex {
  const documents: AddressedDocument[] = [];
  const byPath = new Map<string, AddressedDocument>();
  for (const raw of result.documents) {
    const document = addressed(raw);
    if (!document) continue;
    const key = normalizePath(document.path);
    if (!document.appPage && isAppPath(document.path)) {
      // The Studio refuses such an address; content written another way still cannot take over
      // a page of the app (its route answers first anyway).
      logger.warn('A document has an address of the app itself and is not served', {
        id: document._id,
        path: document.path,
      });
      continue;
    }
    const taken = byPath.get(key);
    if (taken) {
      logger.warn('Two documents have the same address; the first is served', {
        path: document.path,
        served: taken._id,
        ignored: document._id,
      });
      continue;
    }
    byPath.set(key, document);
    documents.push(document);
  }
  return { documents, byPath, redirects: resolveRedirects(result.redirects, byPath, logger) };
}

function addressed(raw: IndexedDocument): AddressedDocument | null {
  const type = raw._type as ContentDocumentType;
  if (!ADDRESSED_TYPES.includes(type) || !raw.route) return null;
  return {
    _id: raw._id,
    type,
    route: raw.route,
    path: documentPath(type, raw.route),
    title: raw.title ?? null,
    updatedAt: raw._updatedAt ?? null,
    noIndex: raw.noIndex === true,
    listed: raw.listed !== false,
    appPage: appPageOf(type, raw.route) !== undefined,
  };
}

type RawRedirect = IndexResult['redirects'][number];

/**
 * Each redirect's final address. A redirect to a document goes to wherever that document is now;
 * one to a typed path that is itself redirected is followed on the server, so a visitor gets one
 * 301 to the end of the chain. A redirect from an address the app or a document answers is never
 * used (they answer first); one whose chain loops or leaves the site is dropped and logged.
 */
function resolveRedirects(
  raw: readonly RawRedirect[],
  documents: ReadonlyMap<string, AddressedDocument>,
  logger: Logger,
): Map<string, string> {
  const targets = new Map<string, string>();
  for (const redirect of raw) {
    if (!redirect.from) continue;
    const from = normalizePath(redirect.from);
    if (isAppPath(from) || documents.has(from)) continue;
    const target = redirect.to?.route
      ? documentPath(redirect.to._type, redirect.to.route)
      : redirect.toPath;
    if (!target || !SITE_PATH.test(target)) {
      logger.warn('A redirect has no target on this site and is not used', { id: redirect._id });
      continue;
    }
    if (!targets.has(from)) targets.set(from, target);
  }

  const resolved = new Map<string, string>();
  for (const [from, first] of targets) {
    const target = followRedirect(
      from,
      first,
      targets,
      (key) => documents.get(key)?.path,
      MAX_HOPS,
    );
    if (target === null) {
      logger.warn('A redirect leads back to itself (or through too many others) and is not used', {
        from,
      });
      continue;
    }
    resolved.set(from, target);
  }
  return resolved;
}
