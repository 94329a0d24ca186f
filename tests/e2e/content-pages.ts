// The content pages the browser tests visit, from the site's route registry
// (app/content/content-routes.ts), with the headings the seed content gives them. Shared by the
// accessibility sweep, the HTML checker, the security-header and SEO tests, and the policy and
// service-area pages' tests. /fleet/<slug> stands for every vehicle page.
import { readFileSync } from 'node:fs';
import { CONTENT_ROUTES as REGISTRY } from '../../app/content/content-routes';

interface SeedDocument {
  _type: string;
  route?: { current?: string };
  title?: string;
  name?: string;
  listed?: boolean;
}

const seed = readFileSync(new URL('../../content/dataset.ndjson', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as SeedDocument);

/** The seed document a registry entry shows. */
function seedDocumentOf(entry: (typeof REGISTRY)[number]): SeedDocument {
  const found = seed.find(
    (doc) => doc._type === entry.document?.type && doc.route?.current === entry.document.route,
  );
  if (!found) throw new Error(`The seed content has no document for ${entry.path}`);
  return found;
}

/** Every page that shows a CMS document, and one vehicle page. */
export const CONTENT_ROUTES: readonly string[] = [
  ...REGISTRY.filter((entry) => entry.document).map((entry) => entry.path),
  '/fleet/executive-sedan',
];

/** The policy pages listed on /bccPolicies, with their headings. */
export const POLICY_PAGES = REGISTRY.filter((entry) => entry.document?.type === 'policy')
  .map((entry) => ({ path: entry.path, document: seedDocumentOf(entry) }))
  .filter(({ document }) => document.listed !== false)
  .map(({ path, document }) => ({ path, title: document.title ?? '' }));

/** The service-area pages, in the order of the /service-areas list, with their names. */
export const SERVICE_AREAS = REGISTRY.filter((entry) => entry.document?.type === 'serviceArea').map(
  (entry) => ({ path: entry.path, name: seedDocumentOf(entry).name ?? '' }),
);
