// The routes of issue 3 ("Every content page from Sanity"), shared by the accessibility sweep, the
// HTML checker and the SEO tests. /fleet/<slug> stands for every vehicle page.
export const CONTENT_ROUTES = [
  '/',
  '/service',
  '/about',
  '/transfers',
  '/fleet',
  '/fleet/executive-sedan',
  '/service-areas',
  '/service-area-brisbane',
  '/service-area-goldcoast',
  '/service-area-sunshinestate',
  '/faqs',
  '/joinFleet',
  '/chauffeur',
  '/contact',
  '/reviews',
  '/bccPolicies',
  '/termsAndConditions',
  '/cancellationPolicy',
  '/childSafetyPolicy',
  '/fatigueManagementPolicy',
  '/socialResponsibilityPolicy',
  '/dataRetentionAndPrivacyPolicy',
  '/sitemap',
  '/signupSuccess',
] as const;

/** The policy pages and their headings (the /bccPolicies index lists the first five). */
export const POLICY_PAGES = [
  { path: '/cancellationPolicy', title: 'Cancellation Policy' },
  { path: '/childSafetyPolicy', title: 'Child Safety Policy' },
  { path: '/dataRetentionAndPrivacyPolicy', title: 'Data Retention and Privacy Policy' },
  { path: '/fatigueManagementPolicy', title: 'Fatigue Management Policy' },
  { path: '/socialResponsibilityPolicy', title: 'Social Responsibility Policy' },
] as const;

export const SERVICE_AREAS = [
  { path: '/service-area-brisbane', name: 'Brisbane' },
  { path: '/service-area-goldcoast', name: 'Gold Coast' },
  { path: '/service-area-sunshinestate', name: 'Sunshine Coast' },
] as const;
