/**
 * The site's content pages, from the one registry the site itself is routed by
 * (app/content/content-routes.ts, plain data with no imports, so the Studio bundles it as it is).
 * A document's route key must name one of these pages: a key the site has no page for would be
 * content nobody can reach.
 */
export { routesOfType } from '../../app/content/content-routes';
