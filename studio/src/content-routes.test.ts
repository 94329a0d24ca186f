// The Studio offers exactly the route keys of the site's route registry
// (app/content/content-routes.ts): a page added there is a key staff can choose, and a key the
// site has no page for is refused.
import { describe, expect, it } from 'vitest';
import { CONTENT_ROUTES } from '../../app/content/content-routes';
import { policyRoutes } from './schemaTypes/documents/policy';
import { serviceAreaRoutes } from './schemaTypes/documents/service-area';

const keysOf = (type: string) =>
  CONTENT_ROUTES.flatMap((entry) => (entry.document?.type === type ? [entry.document.route] : []));

describe('route-key options', () => {
  it('are the registry’s policies and service areas, labelled with their paths', () => {
    expect(policyRoutes.map((route) => route.value)).toEqual(keysOf('policy'));
    expect(serviceAreaRoutes.map((route) => route.value)).toEqual(keysOf('serviceArea'));
    expect(policyRoutes).toContainEqual({
      title: 'Cancellation policy (/cancellationPolicy)',
      value: 'cancellationPolicy',
    });
  });
});
