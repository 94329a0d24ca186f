// The content pages the browser tests visit, with the headings the seed content gives them: the
// app's own pages of the route registry (app/content/content-routes.ts) that show a CMS document,
// and every page, service area and policy of the seed at its own address. Shared by the
// accessibility sweep, the HTML checker, the security-header and SEO tests, and the policy and
// service-area pages' tests. /fleet/<slug> stands for every vehicle page.
import { readFileSync } from 'node:fs';
import { CONTENT_ROUTES as REGISTRY, documentPath } from '../../app/content/content-routes';

interface SeedDocument {
  _type: string;
  route?: { current?: string };
  title?: string;
  name?: string;
  listed?: boolean;
  order?: number;
}

const seed = readFileSync(new URL('../../content/dataset.ndjson', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as SeedDocument);

/** The seed's documents of one type that have an address, in their listed order. */
function addressed(type: string) {
  return seed
    .filter((doc) => doc._type === type && doc.route?.current)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((doc) => ({ path: documentPath(type, doc.route?.current as string), document: doc }));
}

/** Every page that shows a CMS document, and one vehicle page. */
export const CONTENT_ROUTES: readonly string[] = [
  ...new Set([
    ...REGISTRY.filter((entry) => entry.document).map((entry) => entry.path),
    ...['page', 'serviceArea', 'policy'].flatMap((type) => addressed(type).map(({ path }) => path)),
  ]),
  '/fleet/executive-sedan',
];

/** The policy pages listed on /bccPolicies, with their headings. */
export const POLICY_PAGES = addressed('policy')
  .filter(({ document }) => document.listed !== false)
  .map(({ path, document }) => ({ path, title: document.title ?? '' }));

/** The service-area pages, in the order of the /service-areas list, with their names. */
export const SERVICE_AREAS = addressed('serviceArea').map(({ path, document }) => ({
  path,
  name: document.name ?? '',
}));
