// The app's own pages, one entry each: the address, the CMS document it shows, its place in the
// sitemap and the module under app/ that renders it. To find such a page's code, find its path
// here and open `module`.
//
// Every other page of the site is a CMS document that takes its address from its own `route`
// slug (pages, service areas, policies: docs/decisions/049-pages-by-address.md), found through
// the slug index of app/content/addresses.server.ts and rendered by app/routes/$.tsx. This file
// says which addresses those documents may never take (APP_FOLDERS, APP_ADDRESSES and the pages
// below) and how a document's address is made, for the site and for the Studio's validation.
//
// This list drives Remix's routes (remix.config.js maps every entry whose module is under
// routes-content/ onto that module; the others are ordinary files of app/routes), the app pages
// of /sitemap.xml, the Studio's address rules and the browser tests' page lists.
//
// Plain data and small pure functions, with no imports: remix.config.js, the Studio (its own
// workspace) and the tests load this file as it is.

/** The CMS document types that are pages of the site, each at the address of its `route` slug. */
export type ContentDocumentType = 'page' | 'policy' | 'serviceArea';

export const ADDRESSED_TYPES: readonly ContentDocumentType[] = ['page', 'serviceArea', 'policy'];

export interface ContentRoute {
  /** The address, exactly as the site has always had it (the client's links point there). */
  readonly path: string;
  /** The CMS document the page shows: its type and its route key, which editors cannot change. */
  readonly document: { readonly type: 'page'; readonly route: string } | null;
  /** How the Studio names the page when it explains why an address is taken. */
  readonly title: string;
  /** Whether /sitemap.xml lists it (not a page with nothing for search engines). */
  readonly sitemap: boolean;
  /** The route module under app/ that renders the page. */
  readonly module: string;
}

/** The module of each app page that has no file of its own in app/routes. */
export const CONTENT_MODULES = {
  policies: 'routes-content/policies.tsx',
  serviceAreas: 'routes-content/service-areas.tsx',
  faqs: 'routes-content/faqs.tsx',
  reviews: 'routes-content/reviews.tsx',
  sitemap: 'routes-content/sitemap.tsx',
} as const;

const page = (
  path: string,
  title: string,
  sitemap: boolean,
  module: string,
  route = path.slice(1),
): ContentRoute => ({ path, document: { type: 'page', route }, title, sitemap, module });

/** The app's own pages, in the order of the site's navigation (and of /sitemap.xml). */
export const CONTENT_ROUTES: readonly ContentRoute[] = [
  page('/', 'Home', true, 'routes/_index.tsx', 'home'),
  { ...page('/booking', 'Booking', true, 'routes/booking.tsx'), document: null },
  page('/service-areas', 'Service areas', true, CONTENT_MODULES.serviceAreas),
  page('/reviews', 'Reviews', true, CONTENT_MODULES.reviews),
  page('/faqs', 'FAQs', true, CONTENT_MODULES.faqs),
  page('/chauffeur', 'Chauffeur application', true, 'routes/chauffeur.tsx'),
  page('/contact', 'Contact', true, 'routes/contact.tsx'),
  page('/bccPolicies', 'Policies', true, CONTENT_MODULES.policies),
  page('/sitemap', 'Sitemap', true, CONTENT_MODULES.sitemap),
  // The confirmation after creating an account: nothing for search engines.
  page('/signupSuccess', 'Account created', false, 'routes/signupSuccess.tsx'),
];

/**
 * The page each kind of document is listed under (its breadcrumb's middle crumb): service areas
 * on /service-areas, policies on /bccPolicies while they say they are listed there.
 */
export const DOCUMENT_PARENTS: Readonly<Record<ContentDocumentType, string | null>> = {
  page: null,
  serviceArea: '/service-areas',
  policy: '/bccPolicies',
};

/**
 * Folders the app or the server answers as a whole: the folder's own address and everything
 * under it (accounts, the JSON API, built assets, dataset images, development pages, public
 * images, staff pages, the widget's files). tests/integration/content-routes.test.ts checks that
 * every file of app/routes falls under these, APP_ADDRESSES or an app page.
 */
export const APP_FOLDERS: readonly string[] = [
  '/account',
  '/api',
  '/assets',
  '/content',
  '/dev',
  '/images',
  '/staff',
  '/widget',
  '/__manifest',
];

/** Single addresses the app or the server answers besides its pages. */
export const APP_ADDRESSES: readonly string[] = [
  '/completion',
  '/favicon.ico',
  '/favicon.svg',
  '/healthz',
  '/manage-booking',
  '/readyz',
  '/reset-password',
  '/robots.txt',
  '/signin',
  '/signout',
  '/signup',
  '/sitemap.xml',
];

/** Folders whose own address is free but whose sub-addresses are the app's (/fleet/<vehicle>). */
export const APP_SUB_FOLDERS: readonly string[] = ['/fleet', '/pay'];

/** An address as Remix matches it: in any letter case, without a trailing slash. */
export function normalizePath(pathname: string): string {
  return (pathname.replace(/\/+$/, '') || '/').toLowerCase();
}

/** Whether the app itself answers this address, so no document or redirect may take it. */
export function isAppPath(pathname: string): boolean {
  const wanted = normalizePath(pathname);
  const under = (folder: string) => wanted.startsWith(`${folder.toLowerCase()}/`);
  return (
    CONTENT_ROUTES.some((entry) => entry.path.toLowerCase() === wanted) ||
    APP_ADDRESSES.some((address) => address.toLowerCase() === wanted) ||
    APP_FOLDERS.some((folder) => folder.toLowerCase() === wanted || under(folder)) ||
    APP_SUB_FOLDERS.some(under)
  );
}

/** The app page that shows this document, when it is one of theirs ("home" is the front page). */
export function appPageOf(type: string, route: string): ContentRoute | undefined {
  return CONTENT_ROUTES.find(
    (entry) => entry.document?.type === type && entry.document.route === route,
  );
}

/** The address of a document with this type and route slug. */
export function documentPath(type: string, route: string): string {
  return appPageOf(type, route)?.path ?? `/${route}`;
}

/**
 * What a new address looks like: lower-case letters and digits in words joined by single hyphens
 * ("service-area-toowoomba"). Today's addresses with capitals (/joinFleet) are kept as they are.
 */
export const ADDRESS_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ADDRESS_MAX_LENGTH = 96;

/** The entries Remix routes through remix.config.js (the rest are files of app/routes). */
export function registryRoutedPages(): ContentRoute[] {
  return CONTENT_ROUTES.filter((entry) => entry.module.startsWith('routes-content/'));
}

/** The app pages /sitemap.xml lists, in order (the documents' pages follow them). */
export function sitemapPaths(): string[] {
  return CONTENT_ROUTES.filter((entry) => entry.sitemap).map((entry) => entry.path);
}

/** The app page at an address as Remix matched it (any letter case, trailing slash or not). */
export function contentRouteFor(pathname: string): ContentRoute | undefined {
  const wanted = normalizePath(pathname);
  return CONTENT_ROUTES.find((entry) => entry.path.toLowerCase() === wanted);
}

/**
 * Where a redirect ends: its target, or where a chain of redirects through it ends (a document's
 * address ends a chain: the document answers there). `targets` maps each redirect's normalised
 * `from` to its target; `documentAt` gives the address of the document at a normalised address.
 * null when the chain comes back to an address it passed (a loop) or passes through more than
 * `maxHops` redirects. The server follows chains with it, and the Studio refuses loops with it.
 */
export function followRedirect(
  from: string,
  target: string,
  targets: ReadonlyMap<string, string>,
  documentAt: (address: string) => string | undefined,
  maxHops = 10,
): string | null {
  const seen = new Set([normalizePath(from)]);
  let current = target;
  for (let hop = 0; hop <= maxHops; hop += 1) {
    const query = /[?#].*$/.exec(current)?.[0] ?? '';
    const key = normalizePath(current.slice(0, current.length - query.length));
    const document = documentAt(key);
    if (document !== undefined) return document + query;
    const next = targets.get(key);
    if (next === undefined) return seen.has(key) ? null : current;
    if (seen.has(key)) return null;
    seen.add(key);
    current = next;
  }
  return null;
}
