// The loaders' side of the content-route registry (app/content/content-routes.ts): which entry a
// request is for. Several addresses share one route module, so its loader reads the entry from
// the address Remix matched.
import { found } from '~/utils/not-found.server';
import { contentRouteFor, type ContentRoute } from './content-routes';

/** The registry entry of the requested page (the 404 page for an address outside it). */
export function contentRouteOf(request: Request): ContentRoute {
  return found(contentRouteFor(new URL(request.url).pathname));
}

/** The route key of the CMS document the requested page shows. */
export function documentRouteOf(request: Request): string {
  return found(contentRouteOf(request).document?.route);
}
