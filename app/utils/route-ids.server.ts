// The route ids of the running build ("root", "routes/_index", "routes/fleet.$slug",
// "content/fleet"…), from Remix's manifest of the server build: the same module the server build
// takes its `assets` from, so the list is exactly the routes this build can render, in
// development and in production alike. Anything else a client names as a route is made up.
import manifest from 'virtual:remix/server-manifest';

let ids: ReadonlySet<string> | undefined;

export function buildRouteIds(): ReadonlySet<string> {
  ids ??= new Set(Object.keys(manifest.routes));
  return ids;
}
