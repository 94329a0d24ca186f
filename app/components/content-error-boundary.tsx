// The error boundary of the content routes: a page or vehicle that is not in the CMS shows the
// 404 page inside the site's layout, and a page whose content cannot be read (the CMS is down and
// there is no last good copy) the outage page with the phone and email, in place.
import { useRouteError } from '@remix-run/react';
import { ErrorPage } from './error-page';

export function ContentErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
