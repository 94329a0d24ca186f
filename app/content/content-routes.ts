// The content pages of the site, one entry each: the address, the CMS document it shows, its
// place in the sitemap and the breadcrumb, and the module under app/ that renders it. To find a
// page's code, find its path here and open `module`.
//
// This list drives Remix's routes (remix.config.js maps every entry whose module is under
// routes-content/ onto that module; the others are ordinary files of app/routes), /sitemap.xml,
// the route keys the Studio offers, and the browser tests' page lists. Adding a policy page is one
// entry here plus its policy document in the CMS.
//
// Plain data and small pure functions, with no imports: remix.config.js, the Studio (its own
// workspace) and the tests load this file as it is.

/** The CMS document types a content page shows. */
export type ContentDocumentType = 'page' | 'policy' | 'serviceArea';

/**
 * Where a page is listed: its group on the /sitemap page ('main', 'serviceAreas',
 * 'information'), 'xml' when only /sitemap.xml lists it, or null when neither does (a page with
 * nothing for search engines).
 */
export type SitemapGroup = 'main' | 'serviceAreas' | 'information' | 'xml' | null;

export interface ContentRoute {
  /** The address, exactly as the site has always had it (the client's links point there). */
  readonly path: string;
  /** The CMS document the page shows: its type and its route key. */
  readonly document: { readonly type: ContentDocumentType; readonly route: string } | null;
  /** How the Studio names the page in its route-key options. */
  readonly title: string;
  readonly sitemap: SitemapGroup;
  /** The page above this one in the breadcrumb (Home > parent > page), or null for none. */
  readonly parent: string | null;
  /** The route module under app/ that renders the page. */
  readonly module: string;
}

/** The module shared by every page of one kind; remix.config.js maps their paths onto it. */
export const CONTENT_MODULES = {
  policy: 'routes-content/policy.tsx',
  serviceArea: 'routes-content/service-area.tsx',
  marketing: 'routes-content/marketing.tsx',
  fleet: 'routes-content/fleet.tsx',
  policies: 'routes-content/policies.tsx',
  serviceAreas: 'routes-content/service-areas.tsx',
  faqs: 'routes-content/faqs.tsx',
  reviews: 'routes-content/reviews.tsx',
  sitemap: 'routes-content/sitemap.tsx',
} as const;

const page = (
  path: string,
  title: string,
  sitemap: SitemapGroup,
  module: string,
  route = path.slice(1),
): ContentRoute => ({
  path,
  document: { type: 'page', route },
  title,
  sitemap,
  parent: null,
  module,
});

/** The pages of one kind of CMS document, each under the same parent and on the same module. */
const documentPages =
  (type: ContentDocumentType, sitemap: SitemapGroup, parent: string, module: string) =>
  (path: string, title: string): ContentRoute => ({
    path,
    document: { type, route: path.slice(1) },
    title,
    sitemap,
    parent,
    module,
  });

// A policy shows under Policies only while its CMS document says it is listed there.
const policy = documentPages('policy', 'xml', '/bccPolicies', CONTENT_MODULES.policy);
const serviceArea = documentPages(
  'serviceArea',
  'serviceAreas',
  '/service-areas',
  CONTENT_MODULES.serviceArea,
);

/** Every content page, in the order of the site's navigation (and of /sitemap.xml). */
export const CONTENT_ROUTES: readonly ContentRoute[] = [
  page('/', 'Home', 'main', 'routes/_index.tsx', 'home'),
  { ...page('/booking', 'Booking', 'main', 'routes/booking.tsx'), document: null },
  page('/service', 'Services', 'main', CONTENT_MODULES.marketing),
  page('/about', 'About Us', 'main', CONTENT_MODULES.marketing),
  page('/fleet', 'Fleet', 'xml', CONTENT_MODULES.fleet),
  page('/transfers', 'Our Transfer', 'xml', CONTENT_MODULES.fleet),
  page('/service-areas', 'Service areas', 'xml', CONTENT_MODULES.serviceAreas),
  serviceArea('/service-area-brisbane', 'Brisbane'),
  serviceArea('/service-area-goldcoast', 'Gold Coast'),
  serviceArea('/service-area-sunshinestate', 'Sunshine Coast'),
  page('/reviews', 'Reviews', 'xml', CONTENT_MODULES.reviews),
  page('/faqs', 'FAQs', 'xml', CONTENT_MODULES.faqs),
  page('/joinFleet', 'Join our fleet', 'xml', CONTENT_MODULES.marketing),
  page('/chauffeur', 'Chauffeur application', 'xml', 'routes/chauffeur.tsx'),
  page('/contact', 'Contact', 'main', 'routes/contact.tsx'),
  page('/bccPolicies', 'Policies', 'information', CONTENT_MODULES.policies),
  policy('/cancellationPolicy', 'Cancellation policy'),
  policy('/childSafetyPolicy', 'Child safety policy'),
  policy('/dataRetentionAndPrivacyPolicy', 'Data retention and privacy policy'),
  policy('/fatigueManagementPolicy', 'Fatigue management policy'),
  policy('/socialResponsibilityPolicy', 'Social responsibility policy'),
  policy('/termsAndConditions', 'Terms and conditions'),
  page('/sitemap', 'Sitemap', 'xml', CONTENT_MODULES.sitemap),
  // The confirmation after creating an account: nothing for search engines.
  page('/signupSuccess', 'Account created', null, 'routes/signupSuccess.tsx'),
];

/** The entries Remix routes through remix.config.js (the rest are files of app/routes). */
export function registryRoutedPages(): ContentRoute[] {
  return CONTENT_ROUTES.filter((entry) => entry.module.startsWith('routes-content/'));
}

/** The paths /sitemap.xml lists, in order. */
export function sitemapPaths(): string[] {
  return CONTENT_ROUTES.filter((entry) => entry.sitemap !== null).map((entry) => entry.path);
}

/** The pages showing one type of CMS document, for the Studio's route-key options. */
export function routesOfType(type: ContentDocumentType): { title: string; value: string }[] {
  return CONTENT_ROUTES.flatMap((entry) =>
    entry.document?.type === type
      ? [{ title: `${entry.title} (${entry.path})`, value: entry.document.route }]
      : [],
  );
}

/**
 * The entry for an address as Remix matched it: without a trailing slash and in any letter case
 * (Remix's routes match either way), so the page keeps its one canonical path.
 */
export function contentRouteFor(pathname: string): ContentRoute | undefined {
  const wanted = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  return CONTENT_ROUTES.find((entry) => entry.path.toLowerCase() === wanted);
}
