// The error boundary of the content routes: a page or vehicle that is not in the CMS shows the
// 404 page inside the site's layout. Any other error goes on to the root boundary, which explains
// it with the support number.
import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { NotFound } from './not-found';

export function ContentErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}
