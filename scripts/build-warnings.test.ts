// The site's build drops only the warnings it expects (empty browser chunks of routes without
// browser code, zod's comments about annotations) and passes every other one on.
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import {
  isExpectedBuildWarning,
  onBuildWarning,
  routeChunkName,
  routeChunkNames,
} from './build-warnings';

const routesDirectory = fileURLToPath(new URL('../app/routes', import.meta.url));
const routes = routeChunkNames(routesDirectory);
const emptyChunk = (name: string) => ({
  code: 'EMPTY_BUNDLE',
  message: `Generated an empty chunk: "${name}".`,
  names: [name],
});
const zodComment = {
  code: 'INVALID_ANNOTATION',
  id: '/work/node_modules/zod/v4/core/util.js',
  message:
    'A comment\n\n"// Wrapped in a `@__PURE__` IIFE"\n\nin "node_modules/zod/v4/core/util.js" contains an annotation that Rollup cannot interpret due to the position of the comment. The comment will be removed to avoid issues.',
};

describe('build warnings', () => {
  it('names route chunks as Rollup does', () => {
    expect(routeChunkName('api.bookings.$id.payment-status.ts')).toBe(
      'api.bookings._id.payment-status',
    );
    expect(routeChunkName('robots[.]txt.ts')).toBe('robots_._txt');
    expect(routeChunkName('dev.outbox_.$name.ts')).toBe('dev.outbox_._name');
    expect(routes.has('api.quotes')).toBe(true);
    expect(routes.has('sitemap_._xml')).toBe(true);
    expect(routes.has('booking')).toBe(true);
  });

  it("drops the empty chunk of a route and zod's comments, nothing else", () => {
    expect(isExpectedBuildWarning(emptyChunk('api.quotes'), routes)).toBe(true);
    expect(isExpectedBuildWarning(emptyChunk('staff.reports_._csv'), routes)).toBe(true);
    // An empty chunk that is not a route's is news.
    expect(isExpectedBuildWarning(emptyChunk('booking-widget-loader'), routes)).toBe(false);
    expect(isExpectedBuildWarning(zodComment, routes)).toBe(true);
    expect(
      isExpectedBuildWarning({ ...zodComment, id: '/work/app/utils/env.server.ts' }, routes),
    ).toBe(false);
    expect(
      isExpectedBuildWarning(
        { code: 'CIRCULAR_DEPENDENCY', message: 'Circular dependency: a -> b -> a' },
        routes,
      ),
    ).toBe(false);
  });

  it('hands every other warning to the default handler', () => {
    const warn = vi.fn();
    const onwarn = onBuildWarning(routesDirectory);
    onwarn(emptyChunk('api.places'), warn);
    onwarn(zodComment, warn);
    const other = { code: 'EVAL', message: 'Use of eval is strongly discouraged' };
    onwarn(other, warn);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(other);
  });
});
