// Rollup warnings the site's build drops, each by its code and what it names; every other warning
// is printed as before (vite.config.ts passes this to build.rollupOptions.onwarn).
//
// - EMPTY_BUNDLE for a route module: the Remix plugin gives every route a browser chunk, and a route
//   with only a loader or an action (the JSON API, robots.txt, the sitemap, the CSV report) has no
//   browser code, so its chunk is empty. That is how Remix works, not a fault.
// - INVALID_ANNOTATION in zod: comments in zod's own source that talk about `@__PURE__` (prose, not
//   annotations); Rollup drops the comments and the code is unchanged.
import { readdirSync } from 'node:fs';
import type { Rollup } from 'vite';

/** A route file's chunk name as Rollup writes it ("robots[.]txt.ts" → "robots_._txt"). */
export function routeChunkName(file: string): string {
  return (
    file
      .replace(/\.[cm]?[jt]sx?$/, '')
      // eslint-disable-next-line no-control-regex -- Rollup's own list of characters it replaces.
      .replace(/[\u0000-\u001F"#$%&*+,:;<=>?[\]^`{|}\u007F]/g, '_')
  );
}

/** The chunk names of the route files in `routesDirectory` (app/routes). */
export function routeChunkNames(routesDirectory: string): Set<string> {
  return new Set(
    readdirSync(routesDirectory)
      .filter((file) => /\.[cm]?[jt]sx?$/.test(file) && !/\.test\.[jt]sx?$/.test(file))
      .map(routeChunkName),
  );
}

const ZOD_SOURCE = /[\\/]node_modules[\\/]zod[\\/]/;

/** Whether the build may leave this warning out (see the top of this file). */
export function isExpectedBuildWarning(warning: Rollup.RollupLog, routes: Set<string>): boolean {
  if (warning.code === 'EMPTY_BUNDLE') {
    const names = warning.names ?? [];
    return (
      names.length > 0 &&
      names.every((name) => routes.has(name)) &&
      warning.message.startsWith('Generated an empty chunk')
    );
  }
  if (warning.code === 'INVALID_ANNOTATION') {
    return ZOD_SOURCE.test(warning.id ?? '') && warning.message.includes('contains an annotation');
  }
  return false;
}

/** An `onwarn` that drops the expected warnings and hands every other one to Rollup's handler. */
export function onBuildWarning(routesDirectory: string) {
  let routes: Set<string> | undefined;
  return (warning: Rollup.RollupLog, warn: Rollup.LoggingFunction) => {
    routes ??= routeChunkNames(routesDirectory);
    if (!isExpectedBuildWarning(warning, routes)) warn(warning);
  };
}
